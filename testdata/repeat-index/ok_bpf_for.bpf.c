// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: sum_samples insns=75
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* The article's first form: bpf_for knows the range. */
__u64 samples[100];

SEC("xdp")
int sum_samples(struct xdp_md *ctx)
{
	__u64 sum = 0;
	int i;

	bpf_for(i, 0, 100) {
		sum += samples[i];
	}
	return sum & 1 ? XDP_DROP : XDP_PASS;
}
