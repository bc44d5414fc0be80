// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: find_port insns=39
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* Induction variable declared before the loop. */
__u32 ports[64];

SEC("tc")
int find_port(struct __sk_buff *skb)
{
	__u32 want = skb->mark;
	int found = -1;
	int i;

	bpf_for(i, 0, 64) { // EXPECT: bounded-loop "64 iterations"
		if (ports[i] == want) {
			found = i;
			break;
		}
	}
	return found < 0 ? 2 : 0;
}
