// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: checksum insns=1674
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* The bound is only known at run time, so bpf_for's constant range does
 * not apply; from zero + barrier_var does. */
unsigned int zero;
__u8 payload[128];

SEC("tc")
int checksum(struct __sk_buff *skb)
{
	unsigned long n = skb->len;
	__u32 csum = 0;

	if (n > 128)
		n = 128;
	for (unsigned long i = 0; i < n && can_loop; i++) // EXPECT: can-loop-index "constant"
		csum += payload[i];
	skb->mark = csum;
	return 0;
}
