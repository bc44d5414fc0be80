// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct pkt {
	__u32 len;
	__u32 mark;
};

#ifndef __arg_nonnull
#define __arg_nonnull __attribute__((btf_decl_tag("arg:nonnull")))
#endif
#ifndef __arg_ctx
#define __arg_ctx __attribute__((btf_decl_tag("arg:ctx")))
#endif

/* Already tagged (libbpf >= 1.3 spells these in bpf_helpers.h). */
__noinline int total_len(struct pkt *p __arg_nonnull)
{
	return p->len + p->mark;
}

__noinline int reserve_head(void *ctx __arg_ctx)
{
	return bpf_xdp_adjust_head(ctx, 0);
}

SEC("xdp")
int classify(struct xdp_md *ctx)
{
	struct pkt p = { .len = ctx->data_end - ctx->data, .mark = 1 };

	if (reserve_head(ctx))
		return XDP_ABORTED;
	return total_len(&p) > 1500 ? XDP_DROP : XDP_PASS;
}
