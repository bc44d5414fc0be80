// SPDX-License-Identifier: GPL-2.0
/* Packet programs (XDP and tc) with data/data_end bounds checks. */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/ip.h>
#include <linux/in.h>
#include <linux/pkt_cls.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 256);
	__type(key, __u32);
	__type(value, __u64);
} proto_count SEC(".maps");

SEC("xdp")
int xdp_parse(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *data_end = (void *)(long)ctx->data_end;
	struct ethhdr *eth = data;
	struct iphdr *ip;
	__u32 key;
	__u64 *cnt;

	if ((void *)(eth + 1) > data_end)
		return XDP_PASS;
	if (eth->h_proto != bpf_htons(ETH_P_IP))
		return XDP_PASS;
	ip = (void *)(eth + 1);
	if ((void *)(ip + 1) > data_end)
		return XDP_PASS;
	key = ip->protocol;
	cnt = bpf_map_lookup_elem(&proto_count, &key);
	if (cnt)
		*cnt += 1;
	if (ip->protocol == IPPROTO_ICMP && ip->ttl < 2)
		return XDP_DROP;
	return XDP_PASS;
}

SEC("tc")
int tc_parse(struct __sk_buff *skb)
{
	void *data = (void *)(long)skb->data;
	void *data_end = (void *)(long)skb->data_end;
	struct ethhdr *eth = data;
	struct iphdr *ip = data + sizeof(*eth);

	if ((void *)(ip + 1) > data_end)
		return TC_ACT_OK;
	if (eth->h_proto != bpf_htons(ETH_P_IP))
		return TC_ACT_OK;
	if (ip->ihl < 5)
		return TC_ACT_SHOT;
	skb->mark = ip->tos;
	return TC_ACT_OK;
}

char LICENSE[] SEC("license") = "GPL";
