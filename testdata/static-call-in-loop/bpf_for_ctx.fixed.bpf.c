// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: account_queues insns=121
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* bpf_for converges, but the static body is still walked per distinct
 * state; ctx is a context pointer, which a global function accepts. */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 64);
	__type(key, __u32);
	__type(value, __u64);
} rx_bytes SEC(".maps");

__noinline int account(struct xdp_md *ctx, __u32 queue)
{
	__u64 *v;

	v = bpf_map_lookup_elem(&rx_bytes, &queue);
	if (!v)
		return 0;
	*v += ctx->data_end - ctx->data;
	return 1;
}

SEC("xdp")
int account_queues(struct xdp_md *ctx)
{
	int done = 0;
	int q;

	bpf_for(q, 0, 64) {
		done += account(ctx, q); // EXPECT: static-call-in-loop "account"
	}
	return done ? XDP_PASS : XDP_ABORTED;
}
