// SPDX-License-Identifier: GPL-2.0
/*
 * Maps pinned by name and a map whose size its loader sets at run time
 * (max_entries 0): a verification run pins nothing and resizes the
 * latter to 1, as veristat does.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1024);
	__type(key, __u32);
	__type(value, __u64);
	__uint(pinning, LIBBPF_PIN_BY_NAME);
} bpf_verify_test_pinned_a SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, __u32);
	__uint(pinning, LIBBPF_PIN_BY_NAME);
} bpf_verify_test_pinned_b SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 0);          /* sized by the loader */
	__type(key, __u32);
	__type(value, __u32);
} sized_at_run_time SEC(".maps");

SEC("tc")
int use_pinned(struct __sk_buff *skb)
{
	__u32 k = skb->mark, i = 1;
	__u64 *v = bpf_map_lookup_elem(&bpf_verify_test_pinned_a, &k);
	__u32 *w = bpf_map_lookup_elem(&bpf_verify_test_pinned_b, &i);
	__u32 *x = bpf_map_lookup_elem(&sized_at_run_time, &k);

	return (v ? (int)*v : 0) + (w ? (int)*w : 0) + (x ? (int)*x : 0);
}
