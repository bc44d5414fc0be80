// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct config {
	__u32 sample_rate;
	__u32 flags;
};

/* A one-slot config array, value given by size. */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__uint(value_size, sizeof(struct config)); // EXPECT: untyped-map "value"
} cfg SEC(".maps");

SEC("xdp")
int sample(struct xdp_md *ctx)
{
	__u32 zero = 0;
	struct config *c = bpf_map_lookup_elem(&cfg, &zero);

	return c && c->flags ? XDP_DROP : XDP_PASS;
}
