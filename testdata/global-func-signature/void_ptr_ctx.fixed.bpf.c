// SPDX-License-Identifier: GPL-2.0-only
// Linux 6.18 refuses grow as written ("reference type('UNKNOWN ') size cannot be determined"); the fixed form loads.
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

/* The program's context handed on as void *: __arg_ctx says what it is. */
__noinline int reserve_head(void *ctx __arg_ctx) // EXPECT: global-func-signature col=29 "__arg_ctx"
{
	return bpf_xdp_adjust_head(ctx, 0);
}

SEC("xdp")
int grow(struct xdp_md *ctx)
{
	return reserve_head(ctx) ? XDP_DROP : XDP_PASS;
}
