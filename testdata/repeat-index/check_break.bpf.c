// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: sum_samples insns=2045
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* Article shape 3: check + break loads, but the body is walked once per
 * value of i. */
__u64 samples[100];

SEC("xdp")
int sum_samples(struct xdp_md *ctx)
{
	__u64 sum = 0;
	int i = 0;

	bpf_repeat(100) { // EXPECT: repeat-index "once per value"
		if (i < 100)
			sum += samples[i];
		else
			break;
		i++;
	}
	return sum & 1 ? XDP_DROP : XDP_PASS;
}
