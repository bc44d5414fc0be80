// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

__u64 vals[64];

struct acc {
	__u64 sum;
};

/* The caller already has a ctx and an i: the loop's own get other names. */
static int count_marked(__u32 i, void *ctx)
{
	struct acc *a = ctx;

	if (i >= 64)
		return 1;
	if (vals[i] & 1)
		a->sum++;
	return 0;
}

SEC("xdp")
int marked(struct xdp_md *ctx)
{
	struct acc a = {};
	__u32 i = ctx->rx_queue_index;

	__u32 count_marked_i;
	void *count_marked_ctx = &a;
	bpf_for(count_marked_i, 0, 64) {
		struct acc *a = count_marked_ctx;

		if (count_marked_i >= 64)
			break;
		if (vals[count_marked_i] & 1)
			a->sum++;
		continue;
	} // EXPECT: bpf-loop-callback
	return a.sum > i ? XDP_DROP : XDP_PASS;
}
