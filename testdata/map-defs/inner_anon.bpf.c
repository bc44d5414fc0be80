// SPDX-License-Identifier: GPL-2.0
/* A map of maps whose inner definition is an anonymous struct. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY_OF_MAPS);
	__uint(max_entries, 2);
	__type(key, __u32);
	__array(values, struct {
		__uint(type, BPF_MAP_TYPE_ARRAY);
		__uint(max_entries, 8);
		__type(key, __u32);
		__type(value, __u64);
	});
} tables SEC(".maps");

SEC("tc")
int lookup2(struct __sk_buff *skb)
{
	__u32 outer = 0, k = skb->len & 7;
	__u64 *v;
	void *m;

	m = bpf_map_lookup_elem(&tables, &outer);
	if (!m)
		return 0;
	v = bpf_map_lookup_elem(m, &k);
	return v ? (int)*v : 0;
}
