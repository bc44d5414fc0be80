// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: drain_ring insns=76
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* A modern can_loop loop (global zero + barrier_var) that still calls a
 * static function with its index. */
unsigned int zero;
__u64 ring[64];

__noinline int drain(__u64 pos)
{
	if (pos >= 64)
		return 0;
	if (!ring[pos])
		return 0;
	ring[pos] = 0;
	return 1;
}

SEC("xdp")
int drain_ring(struct xdp_md *ctx)
{
	int n = 0;

	for (unsigned long i = zero; i < 64 && can_loop; i++) {
		barrier_var(i);
		n += drain(i); // EXPECT: static-call-in-loop "drain"
	}
	return n ? XDP_PASS : XDP_DROP;
}
