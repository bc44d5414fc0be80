// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

/* A bare number: the type is unknown, so there is no automatic fix. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 128);
	__uint(key_size, 4); // EXPECT: untyped-map
	__type(value, __u64);
} by_port SEC(".maps");

SEC("xdp")
int drop_listed(struct xdp_md *ctx)
{
	__u32 port = ctx->rx_queue_index;

	return bpf_map_lookup_elem(&by_port, &port) ? XDP_DROP : XDP_PASS;
}
