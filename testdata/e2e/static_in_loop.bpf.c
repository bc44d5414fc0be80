// SPDX-License-Identifier: GPL-2.0-only
// E2E: bump_all accepted -> accepted
// E2E-KEPT: static-call-in-loop
// KERNEL: bump_all insns=9113
// Measured on 6.18 after bpf-fix: 128 processed insns.
/*
 * A static helper called with the loop index is verified again on every
 * iteration; as a global function it is verified once.
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

static __noinline int bump_slot(__u32 idx)
{
	__u64 *v = bpf_map_lookup_elem(&slots, &idx);

	if (!v)
		return 0;
	if (*v > 1000)
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
