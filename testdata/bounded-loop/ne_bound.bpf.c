// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: total_weight insns=344
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* != against the bound, unsigned counter, body in braces. */
__u16 weights[48];

SEC("xdp")
int total_weight(struct xdp_md *ctx)
{
	__u32 total = 0;

	for (__u32 w = 0; w != 48; w++) { // EXPECT: bounded-loop "48 iterations"
		total += weights[w];
	}
	return total > 1000 ? XDP_DROP : XDP_PASS;
}
