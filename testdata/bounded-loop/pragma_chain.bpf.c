// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: scan_flags insns=511
// VARIANTS: -DWIDE | -DNARROW | -DWIDE -DNARROW
/* Build variants choose the loop's pragma: the counter's declaration goes
 * above the whole #if chain (a pragma must be followed by its loop), the
 * unrolling pragmas go in every branch, the skipped ones too, and
 * unroll(disable) stays. Each variant compiles (VARIANTS above). */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

__u32 flags[128];
__u32 first_set;

SEC("xdp")
int scan_flags(struct xdp_md *ctx)
{
	__u32 found = 0;

#if defined(WIDE)
#pragma unroll
#elif defined(NARROW)
#pragma clang loop unroll(disable)
#else
	#pragma GCC unroll 8 // EXPECT: pragma-unroll
#endif
	for (int i = 0; i < 128; i++) { // EXPECT: bounded-loop "128 iterations"
		if (flags[i]) {
			found = i;
			break;
		}
	}
	first_set = found;
	return XDP_PASS;
}
