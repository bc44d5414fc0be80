// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: sum_squares insns=66
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* A counter from a constant costs a body per iteration even when it indexes
 * nothing: the compare with 100 is decided on each known value. The fix
 * starts it from zero (no barrier_var needed without an access). */
int zero;
__u64 out;

SEC("xdp")
int sum_squares(struct xdp_md *ctx)
{
	__u64 sum = 0;

	for (int i = zero; i < 100 && can_loop; i++) // EXPECT: can-loop-index "constant"
		sum += i * i;
	out = sum;
	return XDP_PASS;
}
