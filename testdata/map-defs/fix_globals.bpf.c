// SPDX-License-Identifier: GPL-2.0
/*
 * For bpf-fix -G: an unrolled loop (pragma-unroll's finding) that runs
 * only when .rodata says so. Verified as built (enabled = 0) the program
 * returns at once; with -G 'enabled = 1' bpf-fix measures the loop.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

const volatile __u32 enabled = 0;
__u32 counters[24];

SEC("xdp")
int sum_gated(struct xdp_md *ctx)
{
	__u32 sum = 0;

	if (!enabled)
		return XDP_PASS;
#pragma unroll
	for (int i = 0; i < 24; i++) // EXPECT-1: pragma-unroll
		if (counters[i] > 7)
			sum += counters[i] * 3;
	return sum & 1 ? XDP_PASS : XDP_DROP;
}

/* pinned by name: bpf-fix --verify=kernel must leave nothing in /sys/fs/bpf */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
	__uint(pinning, LIBBPF_PIN_BY_NAME);
} bpf_fix_test_pinned SEC(".maps");

SEC("xdp")
int touch_pinned(struct xdp_md *ctx)
{
	__u32 k = 0, *v = bpf_map_lookup_elem(&bpf_fix_test_pinned, &k);

	return v && *v ? XDP_DROP : XDP_PASS;
}
