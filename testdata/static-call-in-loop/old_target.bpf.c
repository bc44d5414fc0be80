// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

// LINT-ARGS: --target-kernel=5.4
/* 5.4 has no global functions (5.6): reported with what the target can do. */
__u64 slots[64];
__u64 hist[64];

static int score(__u64 idx)
{
	__u64 v;

	if (idx >= 64)
		return 0;
	v = slots[idx];
	if (v > 1000)
		v = 1000;
	hist[idx] += v;
	return v > 500;
}

SEC("xdp")
int score_slots(struct xdp_md *ctx)
{
	int hot = 0;

	for (int i = 0; i < 16; i++)
		hot += score(i); // EXPECT: static-call-in-loop "needs Linux 5.6 and the target is 5.4; instead, keep the loop short"
	return hot > 8 ? XDP_DROP : XDP_PASS;
}
