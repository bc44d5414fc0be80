// SPDX-License-Identifier: GPL-2.0
/*
 * The measured case, 2019 style: a static __noinline function
 * called inside a 64-iteration bounded loop. A static function is
 * verified in its caller's context, once per caller state; its three
 * constant returns let the loop's sum take many exact values. 6.18 keeps
 * the sum imprecise and prunes the loop head; 6.1's precision tracking
 * gives up at a subprogram call and marks every scalar precise, so states
 * that differ only in the sum are all explored.
 *
 * KERNEL-6.18: score_all success insns=3982
 * KERNEL-6.1: score_all failure insns=1000001 "BPF program is too large"
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 64);
	__type(key, __u32);
	__type(value, __u64);
} slots SEC(".maps");

__u64 result;

static __noinline __u64 slot_weight(__u32 i)
{
	__u64 *v = bpf_map_lookup_elem(&slots, &i);

	if (!v)
		return 0;
	if (*v > 100)
		return 2;
	if (*v > 10)
		return 1;
	return 0;
}

SEC("xdp")
int score_all(struct xdp_md *ctx)
{
	__u64 sum = 0;

	for (__u32 i = 0; i < 64; i++)
		sum += slot_weight(i);
	result = sum;
	return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
