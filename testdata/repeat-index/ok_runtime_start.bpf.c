// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: drain insns=65
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* The index starts from a value read at run time (a ring head from a
 * map), not from a constant: the verifier tracks it as a range. */
struct ring {
	__u64 head;
	__u64 slot[64];
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct ring);
} rings SEC(".maps");

__u64 drained;

SEC("xdp")
int drain(struct xdp_md *ctx)
{
	__u32 key = 0;
	struct ring *r = bpf_map_lookup_elem(&rings, &key);
	unsigned long pos;

	if (!r)
		return XDP_PASS;
	pos = r->head;
	bpf_repeat(64) {
		barrier_var(pos);
		if (pos >= 64)
			break;
		drained += r->slot[pos];
		pos++;
	}
	return XDP_PASS;
}
