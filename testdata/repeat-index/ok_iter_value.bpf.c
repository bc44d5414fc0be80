// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: total_samples insns=119
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* Modern code that uses the iterator's own value via bpf_for in one
 * function and bpf_repeat only for a retry elsewhere. */
__u64 samples[64];
__u64 total;

SEC("xdp")
int total_samples(struct xdp_md *ctx)
{
	int i;

	bpf_for(i, 0, 64)
		total += samples[i];
	bpf_repeat(4) {
		if (total < 1000)
			break;
		total >>= 1;
	}
	return XDP_PASS;
}
