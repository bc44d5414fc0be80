// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: sum_samples insns=72
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* Shape 4 in the form that measures well on 6.18: an unsigned long index
 * from a global zero, barrier_var, check and break. */
unsigned int zero;
__u64 samples[100];

SEC("xdp")
int sum_samples(struct xdp_md *ctx)
{
	__u64 sum = 0;
	unsigned long i = zero;

	bpf_repeat(100) {
		barrier_var(i);
		if (i < 100)
			sum += samples[i];
		else
			break;
		i++;
	}
	return sum & 1 ? XDP_DROP : XDP_PASS;
}
