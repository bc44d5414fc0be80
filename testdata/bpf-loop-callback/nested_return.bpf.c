// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

__u64 vals[64];

struct acc {
	__u64 sum;
};

/* A return inside an inner loop: break would bind to the inner loop. */
static int scan(__u32 i, void *ctx)
{
	struct acc *a = ctx;

	for (int j = 0; j < 4; j++) {
		if (i >= 16)
			return 1;
		a->sum += vals[i * 4 + j];
	}
	return 0;
}

SEC("xdp")
int scan_rows(struct xdp_md *xdp)
{
	struct acc a = {};

	bpf_loop(16, scan, &a, 0); // EXPECT: bpf-loop-callback
	return a.sum > 10 ? XDP_DROP : XDP_PASS;
}
