// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: sum_lanes insns=38
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* 16 iterations: under the default threshold of 32, cheap enough. */
__u64 lanes[16];

SEC("xdp")
int sum_lanes(struct xdp_md *ctx)
{
	__u64 sum = 0;

	for (int i = 0; i < 16; i++)
		sum += lanes[i];
	return sum & 1 ? XDP_DROP : XDP_PASS;
}
