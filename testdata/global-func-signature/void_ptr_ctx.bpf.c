// SPDX-License-Identifier: GPL-2.0-only
// Linux 6.18 refuses grow as written ("reference type('UNKNOWN ') size cannot be determined"); the fixed form loads.
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct pkt {
	__u32 len;
	__u32 mark;
};

/* The program's context handed on as void *: __arg_ctx says what it is. */
__noinline int reserve_head(void *ctx) // EXPECT: global-func-signature col=29 "__arg_ctx"
{
	return bpf_xdp_adjust_head(ctx, 0);
}

SEC("xdp")
int grow(struct xdp_md *ctx)
{
	return reserve_head(ctx) ? XDP_DROP : XDP_PASS;
}
