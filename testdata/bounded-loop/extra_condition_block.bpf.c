// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: copy_labels insns=709
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* A cap and a runtime stop in one condition, the body in braces: the fix
 * keeps the cap as bpf_for's bound and breaks on the rest first. */
#define MAX_LABELS 64

__u32 labels[MAX_LABELS];
__u32 out[MAX_LABELS];

SEC("xdp")
int copy_labels(struct xdp_md *ctx)
{
	for (int i = 0; i < MAX_LABELS && labels[i] != 0; i++) { // EXPECT: bounded-loop "64 iterations"
		out[i] = labels[i] * 2;
	}
	return XDP_PASS;
}
