// SPDX-License-Identifier: GPL-2.0-only
// VARIANTS: -DBIG_TABLE | -DNO_UNROLL | -DBIG_TABLE -DNO_UNROLL
/* The loop header differs per build variant (#ifdef ... #else ... #endif
 * around the for line, the body shared), with the unroll pragmas in an
 * #if group of their own in front (the kernel selftests' pyperf.h). Only
 * the header may change, in its branch: a second declaration of the
 * counter there, or one between a pragma and its loop, would break a
 * variant. The rewrite declares the counter in a one-pass for around
 * bpf_for: one statement, for the pragmas in front to apply to. The other
 * branch stays as it was. Each variant compiles (VARIANTS above). */
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

#ifdef NO_UNROLL
#pragma clang loop unroll(disable)
#else
#pragma unroll // EXPECT: pragma-unroll
#endif
	/* add up the table */
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
