// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: chase insns=133
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* for (;;) with a data-dependent exit: no constant trip count. */
struct node {
	__u32 next;
	__u32 val;
};

struct node nodes[64];

SEC("xdp")
int chase(struct xdp_md *ctx)
{
	__u32 cur = 0;
	int steps = 0;

	for (;;) {
		if (cur >= 64 || steps >= 8)
			break;
		cur = nodes[cur].next;
		steps++;
	}
	return steps & 1 ? XDP_DROP : XDP_PASS;
}
