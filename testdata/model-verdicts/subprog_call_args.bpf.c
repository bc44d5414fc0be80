// SPDX-License-Identifier: GPL-2.0
/*
 * A static subprogram of one argument called after a join: on the fast
 * side r2 holds a packet byte, on the slow side a map lookup left r2-r5
 * uninitialized. Since 6.15 register liveness (compute_live_registers)
 * counts r1-r5 as read by any bpf-to-bpf call, whatever the callee's
 * prototype, so r2 is live up to the call and the two sides do not meet
 * there; a model that took the callee's one BTF argument pruned them
 * (277 insns against the kernel's 292; bpf-examples' pping tc programs
 * 3,655 against 3,992, nat64_egress 2,297 against 2,450).
 * EXPECT-VERDICT and EXPECT-INSNS are what 6.18.44-fc-v1272 answers
 * (measured); tests/model/btf_args.py holds the model to them and to the
 * live kernel.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, __u64);
} short_packets SEC(".maps");

static __noinline int size_class(__u32 len)
{
	return len > 512 ? 2 : 1;
}

/* add up a few header bytes when the packet is long enough, else count it */
#define HEADER_STEP(n)								\
	do {									\
		if (data + (n) <= end) {					\
			__u8 *p = data + (n) - 4;				\
									\
			len += p[3] * p[2] + *(__u16 *)p;			\
		} else {							\
			__u32 key = (n) & 3;					\
			__u64 *c = bpf_map_lookup_elem(&short_packets, &key);	\
									\
			if (c)							\
				*c += 1;					\
		}								\
		verdict += size_class(len);					\
	} while (0)

/* EXPECT-VERDICT: accepted — r2 differs at each call: no prune there */
/* EXPECT-INSNS: 292 */
SEC("tc")
int subprog_after_join(struct __sk_buff *skb)
{
	void *data = (void *)(long)skb->data, *end = (void *)(long)skb->data_end;
	__u32 len = skb->len;
	int verdict = 0;

	HEADER_STEP(14);
	HEADER_STEP(20);
	HEADER_STEP(34);
	HEADER_STEP(54);
	return verdict & 1;
}
