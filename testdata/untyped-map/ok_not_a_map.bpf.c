// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

/* The same macros in a struct that is not in .maps: not a map definition. */
struct limits {
	__uint(key_size, sizeof(__u32));
	__u32 max;
};

struct limits lim;

SEC("xdp")
int check_limit(struct xdp_md *ctx)
{
	return lim.max && ctx->rx_queue_index > lim.max ? XDP_DROP : XDP_PASS;
}
