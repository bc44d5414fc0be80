// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

/* The key as a size, the value as a type: only the key is untyped. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1024);
	__uint(key_size, sizeof(__u32)); // EXPECT: untyped-map "__type(key, T)"
	__type(value, __u64);
} counts SEC(".maps");

SEC("xdp")
int count_ifindex(struct xdp_md *ctx)
{
	__u32 key = ctx->ingress_ifindex;
	__u64 one = 1, *v;

	v = bpf_map_lookup_elem(&counts, &key);
	if (v)
		__sync_fetch_and_add(v, 1);
	else
		bpf_map_update_elem(&counts, &key, &one, BPF_NOEXIST);
	return XDP_PASS;
}
