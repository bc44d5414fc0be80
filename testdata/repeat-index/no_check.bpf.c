// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: sum_samples rejected "invalid access to map value, value_size=800 off=800 size=8"
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* Article shape 1: no bounds check. bpf_repeat does not tell the verifier
 * how many times the body runs, so arr[i] may be out of bounds. */
__u64 samples[100];

SEC("xdp")
int sum_samples(struct xdp_md *ctx)
{
	__u64 sum = 0;
	int i = 0;

	bpf_repeat(100) { // EXPECT: repeat-index "rejected"
		sum += samples[i];
		i++;
	}
	return sum & 1 ? XDP_DROP : XDP_PASS;
}
