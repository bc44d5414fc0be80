// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct pkt {
	__u32 len;
	__u32 mark;
};

__u64 total;

/* Global but free to inline: clang folds it into the caller, the kernel
 * never sees a call to it. */
void account(__u32 len)
{
	total += len;
}

SEC("xdp")
int count_bytes(struct xdp_md *ctx)
{
	account(ctx->data_end - ctx->data);
	return XDP_PASS;
}
