// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

__u64 vals[64];

struct acc {
	__u64 sum;
};

/* return 1 stops the loop: it becomes break. */
static int find_zero(__u32 i, void *ctx)
{
	struct acc *a = ctx;

	if (i >= 64)
		return 1;
	if (vals[i] == 0)
		return 1;
	a->sum++;
	return 0;
}

SEC("xdp")
int first_zero(struct xdp_md *xdp)
{
	struct acc a = {};

	__u32 i;
	void *ctx = &a;
	bpf_for(i, 0, 64) {
		struct acc *a = ctx;

		if (i >= 64)
			break;
		if (vals[i] == 0)
			break;
		a->sum++;
		continue;
	} // EXPECT: bpf-loop-callback
	return a.sum;
}
