// SPDX-License-Identifier: GPL-2.0
/*
 * Map definitions named through typedefs and qualifiers: a typedef'd
 * definition struct, a typedef'd inner map and a const inner pointer.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

typedef struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 16);
	__type(key, __u32);
	__type(value, __u32);
} counts_def;

typedef counts_def counts_t;

counts_t counts SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH_OF_MAPS);
	__uint(max_entries, 2);
	__type(key, __u32);
	__array(values, const counts_t);
} per_cpu_counts SEC(".maps");

SEC("tc")
int count(struct __sk_buff *skb)
{
	__u32 k = skb->protocol, one = 1, *v;
	void *inner;

	v = bpf_map_lookup_elem(&counts, &k);
	if (v)
		__sync_fetch_and_add(v, 1);
	else
		bpf_map_update_elem(&counts, &k, &one, BPF_ANY);
	inner = bpf_map_lookup_elem(&per_cpu_counts, &k);
	if (!inner)
		return 0;
	v = bpf_map_lookup_elem(inner, &k);
	return v ? (int)*v : 0;
}
