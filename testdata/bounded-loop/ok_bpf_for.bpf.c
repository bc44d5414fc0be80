// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: sum_samples insns=72
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* The article's "Ok, only processes loop body once": bpf_for. */
__u64 samples[100];

SEC("xdp")
int sum_samples(struct xdp_md *ctx)
{
	__u64 sum = 0;
	int i;

	bpf_for(i, 0, 100)
		sum += samples[i];
	return sum > 4096 ? XDP_DROP : XDP_PASS;
}
