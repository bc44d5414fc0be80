// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: match_rules insns=1412
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* The bound is a macro: the fix keeps it as written. */
#define MAX_RULES 128

struct rule {
	__u32 addr;
	__u32 mask;
};

struct rule rules[MAX_RULES];

SEC("tc")
int match_rules(struct __sk_buff *skb)
{
	__u32 dst = skb->mark;
	int i;

	for (i = 0; i < MAX_RULES; i++) { // EXPECT: bounded-loop "128 iterations"
		if ((dst & rules[i].mask) == rules[i].addr)
			return 2;
	}
	return 0;
}
