// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

__u64 vals[64];

struct acc {
	__u64 sum;
};

// LINT-ARGS: --target-kernel=5.17
static int add_one(__u32 i, void *ctx)
{
	struct acc *a = ctx;

	if (i >= 64)
		return 1;
	a->sum += vals[i];
	return 0;
}

/* 5.17 has bpf_loop but no bpf_for. */
SEC("xdp")
int sum(struct xdp_md *xdp)
{
	struct acc a = {};

	bpf_loop(64, add_one, &a, 0);
	return a.sum > 1000 ? XDP_DROP : XDP_PASS;
}
