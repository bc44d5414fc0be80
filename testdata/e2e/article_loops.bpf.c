// SPDX-License-Identifier: GPL-2.0-only
// E2E: plain_bounded rejected -> accepted
// E2E: repeat_with_break rejected -> accepted
// E2E: can_loop_from_constant rejected -> accepted
// E2E-KEPT: bounded-loop repeat-index can-loop-index static-call-in-loop
// KERNEL: plain_bounded rejected "BPF program is too large"
// KERNEL: repeat_with_break rejected "BPF program is too large"
// KERNEL: can_loop_from_constant rejected "BPF program is too large"
// Measured on 6.18 after bpf-fix: 119, 118 and 119 processed insns.
/*
 * The article's loop shapes as one XDP object: each program is written
 * the outdated way; bpf-fix should turn each into its cheap form.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

__u32 arr[100];

static __noinline int function(__u32 v)
{
	return v > 3 ? 1 : 0;
}

SEC("xdp")
int plain_bounded(struct xdp_md *ctx)
{
	int hits = 0;

	for (int i = 0; i < 100; i++)
		hits += function(arr[i]);
	return hits > 5 ? XDP_PASS : XDP_DROP;
}

SEC("xdp")
int repeat_with_break(struct xdp_md *ctx)
{
	int hits = 0;
	__u32 i = 0;

	bpf_repeat(100) {
		if (i < 100)
			hits += function(arr[i]);
		else
			break;
		i++;
	}
	return hits > 5 ? XDP_PASS : XDP_DROP;
}

SEC("xdp")
int can_loop_from_constant(struct xdp_md *ctx)
{
	int hits = 0;

	for (__u32 i = 0; i < 100 && can_loop; i++)
		hits += function(arr[i]);
	return hits > 5 ? XDP_PASS : XDP_DROP;
}
