// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

__u64 vals[64];

struct acc {
	__u64 sum;
};

__u64 total;

/* The context is unused: only the index matters. */
static long count(__u64 i, void *unused)
{
	if (i < 64)
		total += vals[i];
	return 0;
}

SEC("xdp")
int run(struct xdp_md *xdp)
{
	__u64 i;
	bpf_for(i, 0, 64) {
		if (i < 64)
			total += vals[i];
		continue;
	} // EXPECT: bpf-loop-callback
	return XDP_PASS;
}
