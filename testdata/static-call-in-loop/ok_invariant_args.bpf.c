// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: charge_batch insns=860
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* The static call's arguments do not depend on the index: the pruner
 * recognises the repeated call state, as the article says. */
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
