// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: sum_samples insns=1505
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* The article's "Ok, but processes loop body multiple times": i starts at
 * a constant, so every iteration is a new state. int index, constant trip
 * count: the fix is bpf_for (the zero + barrier_var form is rejected for a
 * signed 32-bit index on 6.18: "unbounded min value"). */
__u64 samples[100];

SEC("xdp")
int sum_samples(struct xdp_md *ctx)
{
	__u64 sum = 0;

	for (int i = 0; i < 100 && can_loop; i++) // EXPECT: can-loop-index "constant"
		sum += samples[i];
	return sum & 1 ? XDP_DROP : XDP_PASS;
}
