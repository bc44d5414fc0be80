// SPDX-License-Identifier: GPL-2.0-only
// LINT-ARGS: --target-kernel=6.1
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct pkt {
	__u32 len;
	__u32 mark;
};

/* 6.1 has no argument tags (6.8): the finding says to test the pointer. */
__noinline int total_len(struct pkt *p) // EXPECT: global-func-signature "needs Linux 6.8 and the target is 6.1; instead, test the pointer for NULL"
{
	return p->len + p->mark;
}

SEC("xdp")
int classify(struct xdp_md *ctx)
{
	struct pkt p = { .len = ctx->data_end - ctx->data, .mark = 1 };

	return total_len(&p) > 1500 ? XDP_DROP : XDP_PASS;
}
