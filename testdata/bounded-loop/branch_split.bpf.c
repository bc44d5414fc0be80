// SPDX-License-Identifier: GPL-2.0-only
/* The loop header differs per build variant (#ifdef ... #else ... #endif
 * around the for line, the body shared): rewriting the branch this build
 * sees would leave the other one declaring the counter twice, so the
 * finding says why it gets no automatic fix. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

__u32 table[128];
__u64 total;

SEC("xdp")
int sum_table(struct xdp_md *ctx)
{
	__u64 sum = 0;

#ifdef BIG_TABLE
	for (int i = 0; i < 128; i++) {
#else
	for (int i = 0; i < 64; i++) { // EXPECT: bounded-loop "64 iterations"
#endif
		sum += table[i];
	}
	total = sum;
	return XDP_PASS;
}
