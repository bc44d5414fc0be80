// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct pkt {
	__u32 len;
	__u32 mark;
};

/* Scalars in, scalar out: the easy case. */
__noinline int clamp(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

SEC("xdp")
int limit(struct xdp_md *ctx)
{
	return clamp(ctx->rx_queue_index, 0, 3) == 3 ? XDP_DROP : XDP_PASS;
}
