// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: total_weight insns=51
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* The same as a while loop. */
unsigned int zero;
__u32 weights[64];

SEC("tc")
int total_weight(struct __sk_buff *skb)
{
	unsigned long i = zero;
	__u32 total = 0;

	while (i < 64 && can_loop) {
		barrier_var(i);
		total += weights[i];
		i++;
	}
	skb->mark = total;
	return 0;
}
