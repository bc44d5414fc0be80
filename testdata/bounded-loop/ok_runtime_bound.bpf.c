// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: by_len insns=448
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* The bound is only known at run time (packet length): not a constant
 * trip count, so this rule has nothing to say. */
__u64 seen_len[64];

SEC("tc")
int by_len(struct __sk_buff *skb)
{
	__u32 n = skb->len & 63;

	for (__u32 i = 0; i < n; i++)
		seen_len[i]++;
	return 0;
}
