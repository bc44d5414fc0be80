// SPDX-License-Identifier: GPL-2.0-only
/* Two levels of project macros, the inner one function-like. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define FORCE_INLINE __always_inline
#define HELPER(name) static FORCE_INLINE int name(int x)

char LICENSE[] SEC("license") = "GPL";

int result;

HELPER(square) // EXPECT: always-inline "through macro 'HELPER'"
{
	return x * x;
}

static FORCE_INLINE int cube(int x) // EXPECT: always-inline col=8
{
	return x * square(x);
}

SEC("xdp")
int xdp_math(struct xdp_md *ctx)
{
	result = cube(ctx->ingress_ifindex & 7) + square(ctx->rx_queue_index & 7);
	result += cube(ctx->rx_queue_index & 3);
	return XDP_PASS;
}
