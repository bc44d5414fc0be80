// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: first_empty insns=176
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* The index reaches the static function only after the loop ends. */
__u64 seen[32];

static int record(__u64 slot)
{
	if (slot >= 32)
		return 0;
	seen[slot]++;
	return 1;
}

SEC("xdp")
int first_empty(struct xdp_md *ctx)
{
	int i;

	for (i = 0; i < 16; i++)
		if (!seen[i])
			break;
	return record(i) ? XDP_PASS : XDP_DROP;
}
