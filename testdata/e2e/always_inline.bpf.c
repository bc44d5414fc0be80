// SPDX-License-Identifier: GPL-2.0-only
// E2E: count_v4 accepted -> accepted
// E2E-DROPPED: always-inline
// E2E-UNCHANGED
// KERNEL: count_v4 insns=130
// clang inlines classify() either way: the object does not change.
/*
 * 2017-style: every helper forced inline. The parser is called from two
 * places; forced inlining copies its branches into both.
 */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/ip.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>

char LICENSE[] SEC("license") = "GPL";

__u64 v4_packets, other_packets, small_packets;

static __always_inline int classify(void *data, void *data_end)
{
	struct ethhdr *eth = data;
	struct iphdr *ip;

	if ((void *)(eth + 1) > data_end)
		return -1;
	if (eth->h_proto != bpf_htons(ETH_P_IP))
		return 0;
	ip = (void *)(eth + 1);
	if ((void *)(ip + 1) > data_end)
		return -1;
	if (ip->ihl < 5)
		return -1;
	return ip->protocol;
}

SEC("xdp")
int count_v4(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *data_end = (void *)(long)ctx->data_end;
	int proto = classify(data, data_end);

	if (proto < 0)
		small_packets++;
	else if (proto == 0)
		other_packets++;
	else
		v4_packets++;
	if (data + 64 > data_end && classify(data, data_end) > 0)
		small_packets++;
	return XDP_PASS;
}
