// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

/* A tail-call table: values are program fds. */
struct {
	__uint(type, BPF_MAP_TYPE_PROG_ARRAY);
	__uint(max_entries, 4);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, sizeof(__u32));
} jump SEC(".maps");

SEC("xdp")
int dispatch(struct xdp_md *ctx)
{
	bpf_tail_call(ctx, &jump, ctx->rx_queue_index & 3);
	return XDP_PASS;
}
