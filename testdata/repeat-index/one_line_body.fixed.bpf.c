// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: sum_line insns=68
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* Article shape 3 written on one line: the fix drops " i++;" and leaves
 * one blank before the brace. */
__u64 slots[100];

SEC("xdp")
int sum_line(struct xdp_md *ctx)
{
	__u64 sum = 0;
	int i = 0;

	bpf_for(i, 0, 100) { if (i < 100) sum += slots[i]; else break; } // EXPECT: repeat-index "once per value"
	return sum & 1 ? XDP_DROP : XDP_PASS;
}
