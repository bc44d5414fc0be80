// SPDX-License-Identifier: GPL-2.0-only
/* The same constructs from macros written in this file. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

#define MY_INLINE static __always_inline
#define MY_EACH(i, n) for ((i) = 0; (i) < (n); (i)++)

char LICENSE[] SEC("license") = "GPL";

__u32 slots[256];

MY_INLINE int slot_weight(int i)
{
	return slots[i] & 0xff;
}

SEC("xdp")
int main_macros(struct xdp_md *ctx)
{
	int i, sum = 0;

	MY_EACH(i, 256)
		sum += slot_weight(i);
	return sum > 1000 ? XDP_DROP : XDP_PASS;
}
