// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct flow_key {
	__u32 saddr, daddr;
	__u16 sport, dport;
};

struct flow_stats {
	__u64 packets, bytes;
};

/* Both as sizes of named structs: BTF knows neither. */
struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 4096);
	__uint(key_size, sizeof(struct flow_key)); // EXPECT: untyped-map "key"
	__uint(value_size, sizeof(struct flow_stats)); // EXPECT: untyped-map "value"
} flows SEC(".maps");

SEC("xdp")
int account(struct xdp_md *ctx)
{
	struct flow_key k = { .saddr = ctx->ingress_ifindex };
	struct flow_stats *s = bpf_map_lookup_elem(&flows, &k);

	if (s)
		__sync_fetch_and_add(&s->packets, 1);
	return XDP_PASS;
}
