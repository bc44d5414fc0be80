// SPDX-License-Identifier: GPL-2.0
/*
 * A map of maps whose inner definition is named through a typedef
 * (__array(values, inner_t)), as tracee writes them: the model's loader
 * once refused the object ("definition is not a struct"). EXPECT-VERDICT
 * is what 6.18 answers (measured); tests/model/btf_args.py holds the
 * model to it and to the live kernel.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct inner {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 16);
	__type(key, __u32);
	__type(value, __u64);
};

typedef struct inner inner_t;

struct {
	__uint(type, BPF_MAP_TYPE_HASH_OF_MAPS);
	__uint(max_entries, 4);
	__type(key, __u16);
	__array(values, inner_t);
} versions SEC(".maps");

/* EXPECT-VERDICT: accepted — outer lookup, then the inner map */
SEC("tc")
int two_level(struct __sk_buff *skb)
{
	__u16 v = skb->mark & 3;
	__u32 k = skb->len;
	__u64 *val;
	void *m;

	m = bpf_map_lookup_elem(&versions, &v);
	if (!m)
		return 0;
	val = bpf_map_lookup_elem(m, &k);
	return val ? (int)*val : 0;
}
