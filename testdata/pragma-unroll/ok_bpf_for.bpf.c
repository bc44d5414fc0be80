// SPDX-License-Identifier: GPL-2.0-only
/* What to write instead: a plain loop, or bpf_for for a long one. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

__u32 small[8];
__u32 big[256];
__u32 out;

SEC("xdp")
int xdp_modern(struct xdp_md *ctx)
{
	__u32 s = 0;
	int i;

	for (int j = 0; j < 8; j++)
		s += small[j];
	bpf_for(i, 0, 256)
		s += big[i];
	out = s;
	return XDP_PASS;
}
