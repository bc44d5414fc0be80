// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct pkt {
	__u32 len;
	__u32 mark;
};

/* A context type the kernel knows by name: PTR_TO_CTX, never NULL. */
__noinline int queue_of(struct xdp_md *ctx)
{
	return ctx->rx_queue_index;
}

SEC("xdp")
int steer(struct xdp_md *ctx)
{
	return queue_of(ctx) ? XDP_PASS : XDP_DROP;
}
