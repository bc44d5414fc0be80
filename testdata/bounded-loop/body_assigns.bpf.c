// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: walk_options insns=3087
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* The body moves the counter: not canonical, no automatic fix. */
__u8 opts[64];

SEC("xdp")
int walk_options(struct xdp_md *ctx)
{
	int kinds = 0;

	for (int i = 0; i < 64; i++) { // EXPECT: bounded-loop "64 iterations"
		if (opts[i] == 0)
			break;
		if (opts[i] == 1)
			continue;
		kinds++;
		i++;
	}
	return kinds;
}
