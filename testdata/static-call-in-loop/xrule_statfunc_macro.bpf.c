// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: count_hot rejected "BPF program is too large"
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* A project macro hiding static __always_inline (as tracee's statfunc
 * does): that is always-inline's finding, not this rule's, even in a loop
 * with the counter as argument. (Measured: rejected, too large: the
 * inlined copies and the precise count n explode the states.) */
#define statfunc static __always_inline

__u64 slots[64];

statfunc int hot(__u64 idx) // EXPECT: always-inline
{
	if (idx >= 64)
		return 0;
	return slots[idx] > 500;
}

SEC("xdp")
int count_hot(struct xdp_md *ctx)
{
	int n = 0;

	for (int i = 0; i < 16; i++)
		n += hot(i);
	return n > 8 ? XDP_DROP : XDP_PASS;
}
