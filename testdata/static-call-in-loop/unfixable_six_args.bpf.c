// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: fill_diag insns=12
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* Six arguments: a global function takes at most five. */
__u64 grid[8][8];

static int put(__u64 x, __u64 y, __u64 a, __u64 b, __u64 c, __u64 d)
{
	if (x >= 8 || y >= 8)
		return 0;
	grid[x][y] = a + b + c + d;
	return 1;
}

SEC("xdp")
int fill_diag(struct xdp_md *ctx)
{
	int n = 0;

	for (int i = 0; i < 8; i++)
		n += put(i, i, 1, 2, 3, 4); // EXPECT: static-call-in-loop "5 arguments"
	return n == 8 ? XDP_PASS : XDP_DROP;
}
