// SPDX-License-Identifier: GPL-2.0-only
/* Constructs that come from macros of a header (macro_defs.h). */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"
#include "macro_defs.h"

char LICENSE[] SEC("license") = "GPL";

__u32 slots[256];

HDR_INLINE int slot_weight(int i)
{
	return slots[i] & 0xff;
}

SEC("xdp")
int header_macros(struct xdp_md *ctx)
{
	int i, sum = 0;

	HDR_EACH(i, 256)
		sum += slot_weight(i);
	return sum > 1000 ? XDP_DROP : XDP_PASS;
}
