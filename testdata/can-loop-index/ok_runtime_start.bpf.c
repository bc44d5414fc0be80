// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: mark_from insns=21
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* Starts from a packet field, not a constant: already a range. */
__u8 seen[256];

SEC("tc")
int mark_from(struct __sk_buff *skb)
{
	for (unsigned long i = skb->mark & 0xff; i < 256 && can_loop; i++) {
		barrier_var(i);
		if (seen[i])
			break;
		seen[i] = 1;
	}
	return 0;
}
