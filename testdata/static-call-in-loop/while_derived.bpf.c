// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: weigh insns=1614
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* The argument is a local computed from the index inside the loop. */
__u64 buckets[32];

static __noinline int bump(__u64 slot, __u64 weight)
{
	if (slot >= 32)
		return 0;
	buckets[slot] += weight;
	return buckets[slot] > 100;
}

SEC("tc")
int weigh(struct __sk_buff *skb)
{
	__u32 len = skb->len;
	int over = 0;
	int i = 0;

	while (i < 10) {
		__u64 slot = i * 3;

		over += bump(slot, len); // EXPECT: static-call-in-loop "bump"
		i++;
	}
	return over ? 2 : 0;
}
