// SPDX-License-Identifier: GPL-2.0
/* Model calibration: stack spills and fills of several widths, variable
 * stack offsets, ringbuf records, packets with variable header lengths,
 * 32-bit arithmetic, sign extension and byte swaps. */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/ip.h>
#include <linux/in.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 4096);
} rb SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 128);
	__type(key, __u32);
	__type(value, __u64);
} h SEC(".maps");

struct rec {
	__u32 pid;
	__s16 small;
	__u8 tag[10];
};

__u64 out;
volatile __s32 sval = -5;

SEC("tp/syscalls/sys_enter_getpid")
int stack_widths(void *ctx)
{
	volatile __u8 b = 3;
	volatile __u16 w = 300;
	volatile __u32 d = 70000;
	volatile __u64 q = 1ull << 40;
	__u8 buf[32] = {};
	__u32 i = bpf_get_prandom_u32() & 31;

	buf[i] = b;
	buf[(i + 1) & 31] = (__u8)w;
	out = b + w + d + q + buf[i & 15];
	return 0;
}

SEC("tp/syscalls/sys_enter_getpid")
int ringbuf_paths(void *ctx)
{
	__u64 pid = bpf_get_current_pid_tgid();
	struct rec *r = bpf_ringbuf_reserve(&rb, sizeof(*r), 0);

	if (!r)
		return 0;
	r->pid = pid >> 32;
	r->small = (__s16)sval;
	if (pid & 1) {
		bpf_ringbuf_discard(r, 0);
		return 0;
	}
	bpf_get_current_comm(r->tag, sizeof(r->tag));
	bpf_ringbuf_submit(r, 0);
	return 0;
}

SEC("tp/syscalls/sys_enter_getpid")
int signed_math(void *ctx)
{
	__s64 a = sval;
	__s32 b = (__s32)bpf_get_prandom_u32();
	__u32 c = bpf_get_prandom_u32();
	__u32 key = 1;
	__u64 *v;

	a = a * 3 - (b >> 4);
	c = bpf_htonl(c) ^ (c << 3);
	if ((__s32)c < -10 || (__s32)c > 10)
		return 0;
	v = bpf_map_lookup_elem(&h, &key);
	if (!v)
		return 0;
	*v += a + (__s8)c;
	return 0;
}

SEC("xdp")
int xdp_ihl(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *end = (void *)(long)ctx->data_end;
	struct ethhdr *eth = data;
	struct iphdr *ip;
	__u8 *l4;
	__u32 key;
	__u64 *cnt;

	if ((void *)(eth + 1) > end)
		return XDP_PASS;
	if (eth->h_proto != bpf_htons(ETH_P_IP))
		return XDP_PASS;
	ip = (void *)(eth + 1);
	if ((void *)(ip + 1) > end)
		return XDP_PASS;
	if (ip->ihl < 5)
		return XDP_DROP;
	l4 = (__u8 *)ip + ip->ihl * 4;
	if (l4 + 4 > (__u8 *)end)
		return XDP_PASS;
	key = l4[0] | (l4[1] << 8);
	cnt = bpf_map_lookup_elem(&h, &key);
	if (cnt)
		__sync_fetch_and_add(cnt, 1);
	return ip->protocol == IPPROTO_TCP ? XDP_PASS : XDP_DROP;
}

SEC("tc")
int tc_vlan_loop(struct __sk_buff *skb)
{
	void *data = (void *)(long)skb->data;
	void *end = (void *)(long)skb->data_end;
	__u16 *p = data + 12;
	int i;

	for (i = 0; i < 4; i++) {
		if ((void *)(p + 3) > end)
			return 0;
		if (*p != bpf_htons(ETH_P_8021Q))
			break;
		p += 2;
	}
	skb->mark = i;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
