// SPDX-License-Identifier: GPL-2.0
/* A prog array whose values are a typedef'd function type (__array(values, prog_fn)). */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

typedef int prog_fn(struct __sk_buff *skb);

struct {
	__uint(type, BPF_MAP_TYPE_PROG_ARRAY);
	__uint(max_entries, 4);
	__uint(key_size, sizeof(__u32));
	__array(values, prog_fn);
} calls SEC(".maps");

SEC("tc")
int dispatch(struct __sk_buff *skb)
{
	bpf_tail_call(skb, &calls, skb->mark & 3);
	return 0;
}
