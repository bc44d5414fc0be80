// SPDX-License-Identifier: GPL-2.0-only
/* The most common shape: a parser helper marked __always_inline. */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>

char LICENSE[] SEC("license") = "GPL";

static int parse_eth(void *data, void *data_end, __u16 *proto) // EXPECT: always-inline col=8 "'parse_eth' is forced inline"
{
	struct ethhdr *eth = data;

	if ((void *)(eth + 1) > data_end)
		return -1;
	*proto = bpf_ntohs(eth->h_proto);
	return sizeof(*eth);
}

SEC("xdp")
int xdp_count_ip(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *data_end = (void *)(long)ctx->data_end;
	__u16 proto;

	if (parse_eth(data, data_end, &proto) < 0)
		return XDP_DROP;
	/* a VLAN tag: the inner header goes through the same parser */
	if (proto == ETH_P_8021Q && parse_eth(data + 4, data_end, &proto) < 0)
		return XDP_DROP;
	return proto == ETH_P_IP ? XDP_PASS : XDP_DROP;
}
