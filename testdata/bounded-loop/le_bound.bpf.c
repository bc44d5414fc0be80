// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: last_seen_hop insns=893
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* i <= 40 runs 41 times: bpf_for's end is exclusive, so the fix says 41. */
__u64 hops[41];
__u64 last_hop;

SEC("xdp")
int last_seen_hop(struct xdp_md *ctx)
{
	int i;

	for (i = 0; i <= 40; i++) { // EXPECT: bounded-loop "41 iterations"
		if (hops[i] > last_hop)
			last_hop = hops[i];
	}
	return XDP_PASS;
}
