// SPDX-License-Identifier: GPL-2.0-only
/* The pragma comes from a header macro: the use is reported and dropped. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "unroll_macros.h"

char LICENSE[] SEC("license") = "GPL";

__u32 v[8];

SEC("xdp")
int xdp_macro(struct xdp_md *ctx)
{
	UNROLL // EXPECT: pragma-unroll col=2 "'UNROLL' (a macro expanding"
	for (int i = 0; i < 8; i++)
		v[i] = i;
	NO_UNROLL
	for (int i = 0; i < 8; i++)
		v[i] += i;
	return XDP_PASS;
}
