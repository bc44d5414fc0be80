// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: walk insns=46
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* can_loop as a plain budget on a data-dependent walk: no index. (Measured:
 * returning steps & 1 instead of storing steps makes the counter precise
 * and the walk is rejected, "8193 jumps is too complex".) */
struct hop {
	__u32 next;
};

struct hop hops[64];
__u32 last_steps;

SEC("xdp")
int walk(struct xdp_md *ctx)
{
	__u32 cur = hops[0].next;
	__u32 steps = 0;

	while (can_loop) {
		if (cur >= 64)
			break;
		cur = hops[cur].next;
		steps++;
	}
	last_steps = steps;
	return XDP_PASS;
}
