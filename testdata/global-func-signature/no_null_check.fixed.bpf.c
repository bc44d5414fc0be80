// SPDX-License-Identifier: GPL-2.0-only
// Linux 6.18 refuses classify as written ("R1 invalid mem access 'mem_or_null'"); the fixed form loads.
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#ifndef __arg_ctx
#define __arg_ctx __attribute__((btf_decl_tag("arg:ctx")))
#endif
#ifndef __arg_nonnull
#define __arg_nonnull __attribute__((btf_decl_tag("arg:nonnull")))
#endif
#ifndef __arg_nullable
#define __arg_nullable __attribute__((btf_decl_tag("arg:nullable")))
#endif
#ifndef __arg_trusted
#define __arg_trusted __attribute__((btf_decl_tag("arg:trusted")))
#endif
#ifndef __arg_arena
#define __arg_arena __attribute__((btf_decl_tag("arg:arena")))
#endif

char LICENSE[] SEC("license") = "GPL";

struct pkt {
	__u32 len;
	__u32 mark;
};

/* The pointer may be NULL as far as the kernel knows: deref fails. */
__noinline int total_len(struct pkt *p __arg_nonnull) // EXPECT: global-func-signature "__arg_nonnull"
{
	return p->len + p->mark;
}

SEC("xdp")
int classify(struct xdp_md *ctx)
{
	struct pkt p = { .len = ctx->data_end - ctx->data, .mark = 1 };

	return total_len(&p) > 1500 ? XDP_DROP : XDP_PASS;
}
