// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: count_bytes rejected "doesn't return scalar"
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct pkt {
	__u32 len;
	__u32 mark;
};

__u64 total;

__noinline void account(__u32 len) // EXPECT: global-func-signature "returns void"
{
	total += len;
}

SEC("xdp")
int count_bytes(struct xdp_md *ctx)
{
	account(ctx->data_end - ctx->data);
	return XDP_PASS;
}
