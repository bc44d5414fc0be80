// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: charge_batch insns=860
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* The static call's arguments do not depend on the index: not this rule's
 * finding (the article: only index-dependent arguments defeat pruning).
 * Measured on 6.18 it still costs: 860 insns as written, 81 with charge()
 * made a global __noinline, because clang inlines charge() into a plain
 * loop that is walked per iteration anyway. */
__u64 budget;

static int charge(struct __sk_buff *skb, __u64 unit)
{
	if (budget < unit)
		return 0;
	budget -= unit;
	return skb->len > 64;
}

SEC("tc")
int charge_batch(struct __sk_buff *skb)
{
	int big = 0;

	for (int i = 0; i < 8; i++) {
		big += charge(skb, 16);
		if (big > 4)
			break;
	}
	return big ? 0 : 2;
}
