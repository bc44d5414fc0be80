// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: mark_all insns=39
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* A void function with a separate prototype: the fix would have to change
 * both declarations, so it stays manual and says why. */
__u64 marks[32];

static void mark(__u64 slot);

static void mark(__u64 slot)
{
	if (slot < 32)
		marks[slot]++;
}

SEC("xdp")
int mark_all(struct xdp_md *ctx)
{
	for (int i = 0; i < 12; i++)
		mark(i); // EXPECT: static-call-in-loop "prototype"
	return XDP_PASS;
}
