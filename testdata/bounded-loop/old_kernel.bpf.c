// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: sum_samples insns=806
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

// LINT-ARGS: --target-kernel=5.15
/* The target kernel predates bpf_for (6.4): reported, no fix offered. */
__u64 samples[100];

SEC("xdp")
int sum_samples(struct xdp_md *ctx)
{
	__u64 sum = 0;

	for (int i = 0; i < 100; i++) // EXPECT: bounded-loop "6.4"
		sum += samples[i];
	return sum > 4096 ? XDP_DROP : XDP_PASS;
}
