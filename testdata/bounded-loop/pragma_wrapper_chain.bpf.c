// SPDX-License-Identifier: GPL-2.0-only
// VARIANTS: -DNO_UNROLL
/* The unroll pragmas come from macros that wrap _Pragma(#X), one per
 * build variant (the kernel selftests' bpf_compiler.h, used by
 * strobemeta.h): the wrapper's argument is the pragma's text, in the
 * branch this build skips as well. The counter's declaration goes above
 * the whole #if group: each variant compiles (VARIANTS above). */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

#define DO_PRAGMA_(X) _Pragma(#X)
#define __pragma_loop_unroll DO_PRAGMA_(clang loop unroll(enable))
#define __pragma_loop_no_unroll DO_PRAGMA_(clang loop unroll(disable))

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
