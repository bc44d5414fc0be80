// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct pkt {
	__u32 len;
	__u32 mark;
};

__u64 total;

/* Static: verified per call site, any prototype is fine. */
static __noinline void account(struct pkt *p)
{
	total += p->len;
}

SEC("xdp")
int count_bytes(struct xdp_md *ctx)
{
	struct pkt p = { .len = ctx->data_end - ctx->data };

	account(&p);
	return XDP_PASS;
}
