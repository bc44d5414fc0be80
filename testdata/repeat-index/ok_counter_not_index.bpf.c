// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: count_tries insns=66
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* A counter from a constant that never indexes memory: the body converges
 * on the iterator; the count is only stored. */
__u64 tries;

SEC("xdp")
int count_tries(struct xdp_md *ctx)
{
	__u64 n = 0;

	bpf_repeat(32) {
		n++;
		if (bpf_get_prandom_u32() & 1)
			break;
	}
	tries = n;
	return XDP_PASS;
}
