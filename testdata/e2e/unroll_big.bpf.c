// SPDX-License-Identifier: GPL-2.0-only
// E2E: sum_big accepted -> accepted
// E2E-KEPT: pragma-unroll bounded-loop
// KERNEL: sum_big insns=1958
// Measured on 6.18: pragma removed alone 2027, with bpf_for 196.
/*
 * A 64-iteration loop unrolled by pragma: removing the pragma alone would
 * cost more (the loop is then walked 64 times), but together with bpf_for
 * the body is checked about once.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

__u32 counters[64];

SEC("xdp")
int sum_big(struct xdp_md *ctx)
{
	__u32 sum = 0;

#pragma unroll
	for (int i = 0; i < 64; i++)
		if (counters[i] > 7)
			sum += counters[i] * 3;
	return sum & 1 ? XDP_PASS : XDP_DROP;
}
