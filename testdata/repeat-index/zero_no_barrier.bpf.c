// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: sum_samples rejected "invalid access to map value, value_size=808 off=808 size=8"
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* Article shape 4 (start from a global zero, check, break), which the
 * article calls fine. Measured on 6.18 with clang-19 -O2: rejected, because
 * clang turns samples[i] into a pointer that advances by 8 separately from
 * i, so the check on i does not bound it. barrier_var(i) keeps the access
 * computed from i. */
unsigned int zero;
__u64 samples[100];

SEC("xdp")
int sum_samples(struct xdp_md *ctx)
{
	__u64 sum = 0;
	unsigned long i = zero;

	bpf_repeat(100) { // EXPECT: repeat-index "barrier_var"
		if (i < 100)
			sum += samples[i];
		else
			break;
		i++;
	}
	return sum & 1 ? XDP_DROP : XDP_PASS;
}
