// SPDX-License-Identifier: GPL-2.0-only
// E2E: dispatch accepted -> accepted
// E2E-DROPPED: bounded-loop
// E2E-UNCHANGED
// KERNEL: dispatch insns=583
/*
 * A tail call inside a counted loop (the shape of eunomia's pidhide):
 * bpf_for would be cheaper to verify, but its iterator is a reference the
 * tail-called program cannot release, and 6.18 refuses the rewrite with
 * "tail_call would lead to reference leak". bpf-fix must see that in its
 * model and leave the loop alone.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_PROG_ARRAY);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, __u32);
} jumps SEC(".maps");

__u32 slots[64];

SEC("xdp")
int dispatch(struct xdp_md *ctx)
{
	for (int i = 0; i < 64; i++) {
		if (slots[i] == 7) {
			bpf_tail_call(ctx, &jumps, i & 3);
			break;
		}
	}
	return XDP_PASS;
}
