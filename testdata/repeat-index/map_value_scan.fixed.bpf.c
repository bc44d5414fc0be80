// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: measure_name insns=106
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* Realistic shape 3: scan a map value's buffer up to its terminator. */
struct name {
	char buf[64];
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct name);
} names SEC(".maps");

__u32 name_len;

SEC("tc")
int measure_name(struct __sk_buff *skb)
{
	__u32 key = 0;
	struct name *n = bpf_map_lookup_elem(&names, &key);
	__u32 len = 0;
	int i = 0;

	if (!n)
		return 0;
	bpf_for(i, 0, 64) { // EXPECT: repeat-index "once per value"
		if (i >= 64)
			break;
		if (n->buf[i] == 0)
			break;
		len++;
	}
	name_len = len;
	return 0;
}
