// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: sum_samples insns=50
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* The article's "Bad. Could work or could fail": from zero without
 * barrier_var. Measured on 6.18: rejected (clang advances a pointer
 * separately from i). */
unsigned int zero;
__u64 samples[100];

SEC("xdp")
int sum_samples(struct xdp_md *ctx)
{
	__u64 sum = 0;

	for (unsigned long i = zero; i < 100 && can_loop; i++) { // EXPECT: can-loop-index "barrier_var"
		barrier_var(i);
		sum += samples[i];
	}
	return sum & 1 ? XDP_DROP : XDP_PASS;
}
