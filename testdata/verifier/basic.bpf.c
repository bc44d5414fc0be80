// SPDX-License-Identifier: GPL-2.0
/* Programs without loops: straight-line code and branchy code. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

__u64 out[8];

SEC("socket")
int straight_line(struct __sk_buff *skb)
{
	__u64 a = skb->len, b = skb->protocol;

	a = a * 3 + b;
	b = (a << 7) ^ (b >> 2);
	out[0] = a + b;
	out[1] = a - b;
	out[2] = a | b;
	return 0;
}

SEC("socket")
int branchy(struct __sk_buff *skb)
{
	__u32 len = skb->len, mark = skb->mark;
	__u64 r = 0;

	if (len > 1000)
		r += 1;
	else if (len > 100)
		r += 2;
	if (mark & 1)
		r <<= 1;
	if (mark & 2)
		r ^= 0x55;
	if (mark & 4)
		r += len;
	if (skb->protocol == 8)
		r |= 0x100;
	switch (skb->pkt_type) {
	case 0: r += 10; break;
	case 1: r += 20; break;
	case 2: r += 30; break;
	default: r += 40; break;
	}
	out[3] = r;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
