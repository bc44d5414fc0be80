// SPDX-License-Identifier: GPL-2.0-only
/* The GCC spelling, as code shared with the GCC BPF back end writes it. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

__u16 ports[4];
__u32 matched;

SEC("xdp")
int xdp_ports(struct xdp_md *ctx)
{
	__u16 want = ctx->rx_queue_index;

	for (int i = 0; i < 4; i++) { // EXPECT-1: pragma-unroll "GCC unroll"
		if (ports[i] == want)
			matched++;
	}
	return XDP_PASS;
}
