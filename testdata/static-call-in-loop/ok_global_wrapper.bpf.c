// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: account_all insns=115
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* Modern layout: the loop calls a global per-element function, which uses
 * static helpers outside any loop. Nothing static is called in a loop. */
__u64 slots[64];
__u64 hist[64];

static int clamp(__u64 v)
{
	return v > 1000 ? 1000 : (int)v;
}

__noinline int account_slot(__u64 idx)
{
	int v;

	if (idx >= 64)
		return 0;
	v = clamp(slots[idx]);
	hist[idx] += v;
	return v > 500;
}

SEC("xdp")
int account_all(struct xdp_md *ctx)
{
	int hot = 0;
	int i;

	bpf_for(i, 0, 64)
		hot += account_slot(i);
	hist[0] = hot;
	return XDP_PASS;
}
