// SPDX-License-Identifier: GPL-2.0-only
/* No static: dropping the macro alone would make a global function, so the fix writes static. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

__u64 bytes;

static void account(__u64 len) // EXPECT: always-inline col=1
{
	bytes += len;
}

SEC("xdp")
int xdp_bytes(struct xdp_md *ctx)
{
	account(ctx->data_end - ctx->data);
	account(1);
	return XDP_PASS;
}
