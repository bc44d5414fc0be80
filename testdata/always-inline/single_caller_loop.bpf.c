// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 64);
	__type(key, __u32);
	__type(value, __u64);
} vals SEC(".maps");

/* One call, but in a loop: the verifier walks the body every iteration. */
static __always_inline __u64 mix(__u32 k) // EXPECT: always-inline "into a loop"
{
	__u64 *v = bpf_map_lookup_elem(&vals, &k);

	return v ? *v ^ (*v >> 7) : 0;
}

SEC("xdp")
int sum_mixed(struct xdp_md *ctx)
{
	__u64 s = 0;

	for (__u32 i = 0; i < 16; i++)
		s += mix(i + ctx->rx_queue_index);
	return s & 1;
}
