// SPDX-License-Identifier: GPL-2.0-only
/* The classic: a checksum loop fully unrolled. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

__u32 words[16];
__u32 csum;

SEC("xdp")
int xdp_csum(struct xdp_md *ctx)
{
	__u32 sum = 0;

// EXPECT+1: pragma-unroll col=1 "'#pragma unroll'"
#pragma unroll
	for (int i = 0; i < 16; i++)
		sum += words[i];
	csum = sum;
	return XDP_PASS;
}
