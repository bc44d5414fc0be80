// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: score_slots_c89 insns=127300
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* The counter declared before the loop, C89 style (`int i; for (i = 0;
 * ...)`, as libbpf-tools write it): the same cost as for_index. */
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
int score_slots_c89(struct xdp_md *ctx)
{
	int hot = 0, i;

	for (i = 0; i < 16; i++)
		hot += score(i); // EXPECT: static-call-in-loop "score"
	return hot > 8 ? XDP_DROP : XDP_PASS;
}
