// SPDX-License-Identifier: GPL-2.0-only
// VARIANTS: -DNO_UNROLL
/* The unroll pragmas come from macros, one per build variant (the kernel
 * selftests' strobemeta.h): in the branch this build skips there is no
 * expansion to follow, so the macro's definition in the unit says the
 * line is a pragma. The counter's declaration goes above the whole #if
 * group, never between unroll(disable) and its loop: each variant
 * compiles (VARIANTS above). */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

#define __pragma_loop_unroll _Pragma("unroll") // EXPECT: pragma-unroll
#define __pragma_loop_no_unroll _Pragma("clang loop unroll(disable)")

char LICENSE[] SEC("license") = "GPL";

__u32 slots[64];
__u64 used;

SEC("xdp")
int sum_slots(struct xdp_md *ctx)
{
	__u64 n = 0;

#ifdef NO_UNROLL
	__pragma_loop_no_unroll
#else
	__pragma_loop_unroll
#endif
	for (int i = 0; i < 64; ++i) { // EXPECT: bounded-loop "64 iterations"
		n += slots[i];
	}
	used = n;
	return XDP_PASS;
}
