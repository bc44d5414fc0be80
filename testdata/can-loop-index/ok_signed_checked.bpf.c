// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: sum_samples insns=66
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* A signed counter from zero is fine when the body bounds it below. */
int zero;
__u64 samples[100];
__u64 total;

SEC("xdp")
int sum_samples(struct xdp_md *ctx)
{
	__u64 sum = 0;

	for (int i = zero; i < 100 && can_loop; i++) {
		barrier_var(i);
		if (i >= 0)
			sum += samples[i];
	}
	total = sum;
	return XDP_PASS;
}
