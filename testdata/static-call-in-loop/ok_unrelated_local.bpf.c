// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: count_defaults insns=74
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* Inside the loop, but the argument is a local that never takes the
 * index's value: each call sees the same state. */
__u64 table[8];

static int lookup_default(__u64 key)
{
	if (key >= 8)
		return 0;
	return table[key] != 0;
}

SEC("xdp")
int count_defaults(struct xdp_md *ctx)
{
	__u64 key = 3;
	int n = 0;

	for (int i = 0; i < 8; i++) {
		if (table[i] & 1)
			n += lookup_default(key);
	}
	return n ? XDP_PASS : XDP_DROP;
}
