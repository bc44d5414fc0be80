// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: xor_pairs insns=1454
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* Check + break with a stride of 2: reported, but bpf_for's shape is
 * step 1, so no automatic fix. */
__u32 pairs[128];

SEC("xdp")
int xor_pairs(struct xdp_md *ctx)
{
	__u32 acc = 0;
	int i = 0;

	bpf_repeat(64) { // EXPECT: repeat-index "once per value"
		if (i >= 127)
			break;
		acc ^= pairs[i] + pairs[i + 1];
		i += 2;
	}
	return acc & 1 ? XDP_DROP : XDP_PASS;
}
