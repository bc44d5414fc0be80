// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: sum_cells insns=51
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* A static callback handed to bpf_loop is not a call in a loop of this
 * program, so no static-call-in-loop finding; bpf-loop-callback has its own
 * finding here (write it as bpf_for). */
struct walk {
	__u64 sum;
};

__u64 cells[16];

static int visit(__u32 idx, void *data)
{
	struct walk *w = data;

	if (idx >= 16)
		return 1;
	w->sum += cells[idx];
	return 0;
}

SEC("xdp")
int sum_cells(struct xdp_md *ctx)
{
	struct walk w = {};

	bpf_loop(16, visit, &w, 0); // EXPECT: bpf-loop-callback
	return w.sum > 100 ? XDP_DROP : XDP_PASS;
}
