// SPDX-License-Identifier: GPL-2.0-only
/*
 * One half of a linked object: slot_limit() lives in slots.bpf.c, so this
 * file's own object cannot be loaded; the linked one can.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 32);
	__type(key, __u32);
	__type(value, __u64);
} slots SEC(".maps");

extern int slot_limit(__u32 idx);

static __noinline int bump_slot(__u32 idx)
{
	__u64 *v = bpf_map_lookup_elem(&slots, &idx);

	if (!v)
		return 0;
	if (*v > (__u64)slot_limit(idx))
		*v = 0;
	else
		*v += idx;
	return 1;
}

SEC("tc")
int bump_all(struct __sk_buff *skb)
{
	int done = 0;

	for (__u32 i = 0; i < 24; i++)
		done += bump_slot(i);
	return done == 24 ? 0 : 2;
}
