// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: total_weight insns=108
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* From zero without barrier_var, signed int index: rejected on 6.18
 * ("unbounded min value"); the trip count is constant, so the fix is
 * bpf_for. */
int zero;
__u32 weights[64];

SEC("tc")
int total_weight(struct __sk_buff *skb)
{
	__u32 total = 0;

	int i;
	bpf_for(i, 0, 64) // EXPECT: can-loop-index "barrier_var"
		total += weights[i];
	skb->mark = total;
	return 0;
}
