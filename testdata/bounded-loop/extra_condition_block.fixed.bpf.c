// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: copy_labels insns=58
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
	int i;
	bpf_for(i, 0, MAX_LABELS) { // EXPECT: bounded-loop "64 iterations"
		if (!(labels[i] != 0))
			break;
		out[i] = labels[i] * 2;
	}
	return XDP_PASS;
}
