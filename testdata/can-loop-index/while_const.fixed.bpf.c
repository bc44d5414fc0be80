// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: find_key insns=26
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* A while loop whose index is set to a constant just before it. */
unsigned int zero;
struct slot {
	__u32 key;
	__u32 val;
};
struct slot table[256];

SEC("tc")
int find_key(struct __sk_buff *skb)
{
	__u32 want = skb->mark;
	unsigned long i;

	i = zero;
	while (i < 256 && can_loop) { // EXPECT: can-loop-index "constant"
		barrier_var(i);
		if (table[i].key == want) {
			skb->priority = table[i].val;
			break;
		}
		i++;
	}
	return 0;
}
