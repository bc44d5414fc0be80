// SPDX-License-Identifier: GPL-2.0-only
/* Only the unroll hint goes; the vectorize hint beside it stays. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

__u32 vals[8];

SEC("xdp")
int xdp_clear(struct xdp_md *ctx)
{
#pragma clang loop vectorize(disable)
	for (int i = 0; i < 8; i++) // EXPECT-1: pragma-unroll
		vals[i] = 0;
	return XDP_PASS;
}
