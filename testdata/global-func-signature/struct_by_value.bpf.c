// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: classify rejected "type STRUCT in size_of() is not supported yet"
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct pkt {
	__u32 len;
	__u32 mark;
};

__noinline int size_of(struct pkt p) // EXPECT: global-func-signature "by value"
{
	return p.len + p.mark;
}

SEC("xdp")
int classify(struct xdp_md *ctx)
{
	struct pkt p = { .len = ctx->data_end - ctx->data, .mark = 1 };

	return size_of(p) > 1500 ? XDP_DROP : XDP_PASS;
}
