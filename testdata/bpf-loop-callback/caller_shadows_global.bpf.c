// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

__u64 vals[64];

struct acc {
	__u64 sum;
};

static int add_val(__u32 i, void *ctx)
{
	struct acc *a = ctx;

	if (i >= 64)
		return 1;
	a->sum += vals[i];
	return 0;
}

/* The caller's own vals would capture the callback's global vals once the
 * body moves here: reported, without an automatic fix. */
SEC("xdp")
int shadowed(struct xdp_md *xdp)
{
	struct acc a = {};
	__u64 vals = xdp->rx_queue_index;

	bpf_loop(64, add_val, &a, 0); // EXPECT: bpf-loop-callback
	return a.sum > vals ? XDP_DROP : XDP_PASS;
}
