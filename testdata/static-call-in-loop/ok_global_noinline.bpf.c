// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: score_slots insns=83
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* Already the article's advice: a global __noinline function is verified
 * once, each further call costs one instruction. */
__u64 slots[64];

__noinline int score(__u64 idx)
{
	if (idx >= 64)
		return 0;
	return slots[idx] > 500;
}

SEC("xdp")
int score_slots(struct xdp_md *ctx)
{
	int hot = 0;

	for (int i = 0; i < 16; i++)
		hot += score(i);
	return hot > 8 ? XDP_DROP : XDP_PASS;
}
