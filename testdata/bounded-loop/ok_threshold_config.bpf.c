// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: sum_samples insns=806
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

// LINT-ARGS: --config=testdata/bounded-loop/threshold-128.yaml
/* 100 iterations, but the configuration (threshold-128.yaml beside this
 * file; LINT-ARGS paths are relative to the source root) raises the
 * threshold to 128. */
__u64 samples[100];

SEC("xdp")
int sum_samples(struct xdp_md *ctx)
{
	__u64 sum = 0;

	for (int i = 0; i < 100; i++)
		sum += samples[i];
	return sum > 4096 ? XDP_DROP : XDP_PASS;
}
