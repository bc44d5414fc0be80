// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct pkt {
	__u32 len;
	__u32 mark;
};

/* Tested before use: valid for any caller. */
__noinline int total_len(struct pkt *p)
{
	if (!p)
		return 0;
	return p->len + p->mark;
}

SEC("xdp")
int classify(struct xdp_md *ctx)
{
	struct pkt p = { .len = ctx->data_end - ctx->data, .mark = 1 };

	return total_len(&p) > 1500 ? XDP_DROP : XDP_PASS;
}
