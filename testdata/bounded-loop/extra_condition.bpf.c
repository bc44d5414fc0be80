// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: sum_args insns=203
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* From bcc's execsnoop: a constant cap and a second condition. Up to 60
 * iterations; the fix needs the second test moved into the body, so none
 * is automatic. */
#define TOTAL_MAX_ARGS 60

const volatile int max_args = 20;
__u64 args[TOTAL_MAX_ARGS];
__u64 total;

SEC("xdp")
int sum_args(struct xdp_md *ctx)
{
	__u64 sum = 0;
	int i;

	for (i = 1; i < TOTAL_MAX_ARGS && i < max_args; i++) // EXPECT: bounded-loop "59 iterations"
		sum += args[i];
	total = sum;
	return XDP_PASS;
}
