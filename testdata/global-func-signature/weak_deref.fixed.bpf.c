// SPDX-License-Identifier: GPL-2.0-only
// Linux 6.18 refuses bump as written ("invalid mem access 'mem_or_null'"); the fixed form loads.
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

__u64 hits;

/* __weak makes it a global subprogram too; *v needs a NULL test. */
__weak int add_to(__u64 *v __arg_nonnull, __u64 n) // EXPECT: global-func-signature "without a NULL check"
{
	*v += n;
	return 0;
}

SEC("xdp")
int bump(struct xdp_md *ctx)
{
	return add_to(&hits, 1) ? XDP_DROP : XDP_PASS;
}
