// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

/* Kept as a size on purpose, suppressed in place. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 128);
	__uint(key_size, sizeof(__u32)); // NOLINT(untyped-map)
	__type(value, __u64);
} m SEC(".maps");

SEC("xdp")
int probe(struct xdp_md *ctx)
{
	__u32 k = 0;

	return bpf_map_lookup_elem(&m, &k) ? XDP_DROP : XDP_PASS;
}
