// SPDX-License-Identifier: GPL-2.0-only
// Linux 6.18 refuses classify as written ("R1 invalid mem access 'mem_or_null'"); the fixed form loads.
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct pkt {
	__u32 len;
	__u32 mark;
};

/* The pointer may be NULL as far as the kernel knows: deref fails. */
__noinline int total_len(struct pkt *p) // EXPECT: global-func-signature "__arg_nonnull"
{
	return p->len + p->mark;
}

SEC("xdp")
int classify(struct xdp_md *ctx)
{
	struct pkt p = { .len = ctx->data_end - ctx->data, .mark = 1 };

	return total_len(&p) > 1500 ? XDP_DROP : XDP_PASS;
}
