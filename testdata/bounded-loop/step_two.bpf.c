// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: sum_pairs insns=811
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* Step 2 is not bpf_for's shape: reported, no automatic fix. */
__u32 pairs[200];

SEC("xdp")
int sum_pairs(struct xdp_md *ctx)
{
	__u32 sum = 0;

	for (int i = 0; i < 200; i += 2) // EXPECT: bounded-loop "100 iterations"
		sum += pairs[i] ^ pairs[i + 1];
	return sum & 1 ? XDP_DROP : XDP_PASS;
}
