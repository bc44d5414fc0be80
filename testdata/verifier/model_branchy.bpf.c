// SPDX-License-Identifier: GPL-2.0
/* Model calibration: programs shaped like real ones, where checkpoint
 * placement, eviction and precision decide the count: an option-parsing
 * loop over a packet, a string compare loop, many independent branches,
 * nested bounded loops with lookups, and static helpers inside bpf_for. */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/ip.h>
#include <linux/tcp.h>
#include <linux/in.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>
#include "bpf_compat.h"

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 256);
	__type(key, __u32);
	__type(value, __u64);
} hits SEC(".maps");

__u64 res;
char want[16] = "sshd";

SEC("xdp")
int tcp_options(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *end = (void *)(long)ctx->data_end;
	struct ethhdr *eth = data;
	struct iphdr *ip = (void *)(eth + 1);
	struct tcphdr *tcp = (void *)(ip + 1);
	__u8 *opt;
	int i;

	if ((void *)(tcp + 1) > end || eth->h_proto != bpf_htons(ETH_P_IP) ||
	    ip->protocol != IPPROTO_TCP)
		return XDP_PASS;
	opt = (__u8 *)(tcp + 1);
	for (i = 0; i < 10; i++) {
		if ((void *)(opt + 2) > end)
			break;
		if (opt[0] == 0)
			break;
		if (opt[0] == 1) {
			opt++;
			continue;
		}
		if (opt[0] == 2 && opt[1] == 4) {
			res = 1;
			break;
		}
		if (opt[1] < 2)
			break;
		opt += opt[1] & 0x3f;
	}
	return XDP_PASS;
}

SEC("tp/syscalls/sys_enter_execve")
int str_compare(void *ctx)
{
	char comm[16];
	int i;

	bpf_get_current_comm(comm, sizeof(comm));
	for (i = 0; i < 16; i++) {
		if (comm[i] != want[i])
			return 0;
		if (!comm[i])
			break;
	}
	res++;
	return 0;
}

SEC("tp/syscalls/sys_enter_execve")
int many_branches(void *ctx)
{
	__u32 r = bpf_get_prandom_u32();
	__u64 acc = 0;

	if (r & 1) acc += 3; else acc ^= 5;
	if (r & 2) acc += 7; else acc -= 1;
	if (r & 4) acc *= 3;
	if (r & 8) acc |= 16; else acc &= ~16ull;
	if (r & 16) acc += r;
	if (r & 32) acc >>= 1;
	if (r & 64) acc += 11; else acc += 13;
	if (r & 128) acc -= 2;
	if (r & 256) acc += 1;
	if (r & 512) acc ^= 0xff;
	res = acc;
	return 0;
}

SEC("tp/syscalls/sys_enter_execve")
int nested_bounded(void *ctx)
{
	__u64 sum = 0;

	for (__u32 i = 0; i < 6; i++) {
		for (__u32 j = 0; j < 6; j++) {
			__u32 k = i * 6 + j;
			__u64 *v = bpf_map_lookup_elem(&hits, &k);

			if (v)
				sum += *v;
		}
	}
	res = sum;
	return 0;
}

static __noinline int classify(__u32 x)
{
	if (x < 10)
		return 1;
	if (x < 100)
		return 2;
	return 3;
}

SEC("tp/syscalls/sys_enter_execve")
int static_in_bpf_for(void *ctx)
{
	__u64 sum = 0;
	int i;

	bpf_for(i, 0, 32)
		sum += classify(i * 7);
	res = sum;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
