// SPDX-License-Identifier: GPL-2.0-only
/* An #if group in front of the loop holds a loop pragma in one branch and
 * code in the other: with FAST the pragma must be followed by the loop, so
 * no declaration can go above the loop in that variant; the finding says
 * why it gets no automatic fix. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

__u32 vals[64];
__u64 total;

SEC("xdp")
int sum_vals(struct xdp_md *ctx)
{
	__u64 sum = 0;

#ifdef FAST
#pragma clang loop unroll(full)
#else
	sum = total;
#endif
	for (int i = 0; i < 64; i++) // EXPECT: bounded-loop "64 iterations"
		sum += vals[i];
	total = sum;
	return XDP_PASS;
}
