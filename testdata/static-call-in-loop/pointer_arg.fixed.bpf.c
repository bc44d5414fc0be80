// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: lanes insns=107
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* A pointer to a sized type is accepted by a global function as a
 * nullable PTR_TO_MEM: the callee checks it for NULL, so the fix loads. */
struct stats {
	__u64 pkts;
	__u64 bytes[8];
};

struct stats totals;
const volatile __u64 n_lanes = 8; /* set by the loader */

__noinline int add_bytes(struct stats *st, __u64 lane, __u64 n)
{
	if (!st || lane >= 8)
		return 0;
	st->bytes[lane] += n;
	st->pkts++;
	return 1;
}

SEC("tc")
int lanes(struct __sk_buff *skb)
{
	int ok = 0;

	for (__u64 lane = 0; lane < n_lanes; lane++)
		ok += add_bytes(&totals, lane, skb->len); // EXPECT: static-call-in-loop "add_bytes"
	return ok == n_lanes ? 0 : 2;
}
