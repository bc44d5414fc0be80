// SPDX-License-Identifier: GPL-2.0-only
/*
 * An XDP flow accounting program written the way many tutorials still
 * teach: everything forced inline, loops unrolled, counted loops over
 * constant ranges, helpers called per iteration. bpf-lint reports each of
 * those shapes; bpf-fix rewrites them.
 *
 * Build: clang-19 -O2 -g -target bpf -D__TARGET_ARCH_x86 \
 *        -I/usr/include/x86_64-linux-gnu -I../testdata/include -c flow_stats.bpf.c
 */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/ip.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>
#include "bpf_compat.h"

#define statfunc static __always_inline
#define N_BUCKETS 64
#define N_PORTS 16

char LICENSE[] SEC("license") = "GPL";

struct flow_stats {
	__u64 packets[N_BUCKETS];
	__u64 bytes[N_BUCKETS];
	__u16 watched_ports[N_PORTS];
	__u64 port_hits[N_PORTS];
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct flow_stats);
} stats SEC(".maps");

statfunc __u32 bucket_of(__u32 saddr)
{
	return (saddr ^ (saddr >> 16)) & (N_BUCKETS - 1);
}

static __u64 decay(struct flow_stats *s, int i)
{
	if (i < 0 || i >= N_BUCKETS)
		return 0;
	s->packets[i] -= s->packets[i] >> 4;
	return s->packets[i];
}

static __always_inline int parse_ipv4(void *data, void *data_end, struct iphdr **ip)
{
	struct ethhdr *eth = data;

	if ((void *)(eth + 1) > data_end || eth->h_proto != bpf_htons(ETH_P_IP))
		return -1;
	*ip = (void *)(eth + 1);
	if ((void *)(*ip + 1) > data_end)
		return -1;
	return 0;
}

SEC("xdp")
int xdp_flow_stats(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *data_end = (void *)(long)ctx->data_end;
	struct flow_stats *s;
	struct iphdr *ip;
	__u32 zero_key = 0;
	__u64 total = 0;

	s = bpf_map_lookup_elem(&stats, &zero_key);
	if (!s || parse_ipv4(data, data_end, &ip) < 0)
		return XDP_PASS;

	__u32 b = bucket_of(ip->saddr);

	s->packets[b]++;
	s->bytes[b] += data_end - data;

	/* Age every bucket: a bounded loop the verifier walks 64 times. */
	for (int i = 0; i < N_BUCKETS; i++)
		total += decay(s, i);

#pragma unroll
	for (int p = 0; p < N_PORTS; p++) {
		if (s->watched_ports[p] == bpf_ntohs(ip->tot_len))
			s->port_hits[p]++;
	}
	return total > 1000000 ? XDP_DROP : XDP_PASS;
}
