// SPDX-License-Identifier: GPL-2.0-only
// LINT-ARGS: --target-kernel=5.2
/* Before 5.3 every loop had to be unrolled: still reported, but no fix. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

__u32 v[4];

SEC("xdp")
int xdp_old(struct xdp_md *ctx)
{
#pragma unroll
	for (int i = 0; i < 4; i++) // EXPECT-1: pragma-unroll
		v[i] = i;
	return XDP_PASS;
}
