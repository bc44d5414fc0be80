// SPDX-License-Identifier: GPL-2.0-only
/* On while and do-while loops too. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

__u32 ring[8];
__u32 out;

SEC("xdp")
int xdp_ring(struct xdp_md *ctx)
{
	int i = 0, j = 0;

	while (i < 8) { // EXPECT-1: pragma-unroll
		out += ring[i];
		i++;
	}
	do { // EXPECT-1: pragma-unroll
		ring[j] = out;
		j++;
	} while (j < 8);
	return XDP_PASS;
}
