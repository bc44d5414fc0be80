// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: sum_samples insns=75
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* Article shape 2: the check keeps the access in bounds, but the verifier
 * tries every value of i and runs into the 1M instruction limit. */
__u64 samples[100];

SEC("xdp")
int sum_samples(struct xdp_md *ctx)
{
	__u64 sum = 0;
	int i = 0;

	bpf_for(i, 0, 100) { // EXPECT: repeat-index "1,000,000"
		if (i < 100)
			sum += samples[i];
	}
	return sum & 1 ? XDP_DROP : XDP_PASS;
}
