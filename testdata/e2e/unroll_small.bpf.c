// SPDX-License-Identifier: GPL-2.0-only
// E2E: sum_small accepted -> accepted
// E2E-DROPPED: pragma-unroll
// E2E-UNCHANGED
// KERNEL: sum_small insns=566
// Measured on 6.18 with the pragma removed: 987 processed insns.
/*
 * Removing this unroll pragma is textbook advice that makes this program
 * dearer: the unrolled body is straight-line code checked once, the loop
 * is walked 24 times. bpf-fix must measure that and leave the file alone.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

__u32 counters[24];

SEC("xdp")
int sum_small(struct xdp_md *ctx)
{
	__u32 sum = 0;

#pragma unroll
	for (int i = 0; i < 24; i++)
		if (counters[i] > 7)
			sum += counters[i] * 3;
	return sum & 1 ? XDP_PASS : XDP_DROP;
}
