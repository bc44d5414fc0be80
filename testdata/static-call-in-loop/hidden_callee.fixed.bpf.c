// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: score_slots insns=98
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* A __hidden function is static to the verifier: libbpf marks it so in BTF,
 * and its body is verified again on every call in the loop. */
__u64 slots[64];
__u64 hist[64];

__noinline int score(__u64 idx)
{
	__u64 v;

	if (idx >= 64)
		return 0;
	v = slots[idx];
	if (v > 1000)
		v = 1000;
	hist[idx] += v;
	return v > 500;
}

SEC("xdp")
int score_slots(struct xdp_md *ctx)
{
	int hot = 0;

	for (int i = 0; i < 16; i++)
		hot += score(i); // EXPECT: static-call-in-loop "__hidden function 'score'"
	return hot > 8 ? XDP_DROP : XDP_PASS;
}
