// SPDX-License-Identifier: GPL-2.0-only
/* always_inline among other attributes: only that one goes. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

__u32 total;

static __attribute__((always_inline, unused)) __u32 clamp(__u32 v, __u32 hi) // EXPECT: always-inline
{
	return v > hi ? hi : v;
}

static __attribute__((unused, __always_inline__)) __u32 twice(__u32 v) // EXPECT: always-inline
{
	return v * 2;
}

SEC("xdp")
int xdp_len(struct xdp_md *ctx)
{
	total += twice(clamp(ctx->data_end - ctx->data, 1500));
	total += twice(clamp(ctx->ingress_ifindex, 64));
	return XDP_PASS;
}
