// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: total_weight rejected "math between map_value pointer and register with unbounded min value i"
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

	for (int i = zero; i < 64 && can_loop; i++) // EXPECT: can-loop-index "barrier_var"
		total += weights[i];
	skb->mark = total;
	return 0;
}
