// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

__u64 vals[64];

struct acc {
	__u64 sum;
};

static int add_one(__u32 i, void *ctx)
{
	struct acc *a = ctx;

	if (i >= 64)
		return 1;
	a->sum += vals[i];
	return 0;
}

SEC("xdp")
int sum(struct xdp_md *xdp)
{
	struct acc a = {};

	__u32 i;
	void *ctx = &a;
	bpf_for(i, 0, 64) {
		struct acc *a = ctx;

		if (i >= 64)
			break;
		a->sum += vals[i];
		continue;
	} // EXPECT: bpf-loop-callback "bpf_for"
	return a.sum > 1000 ? XDP_DROP : XDP_PASS;
}
