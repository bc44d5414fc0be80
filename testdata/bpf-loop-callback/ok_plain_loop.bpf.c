// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

__u64 vals[64];

struct acc {
	__u64 sum;
};

/* A small bounded loop, nothing to do with bpf_loop. */
SEC("xdp")
int sum4(struct xdp_md *xdp)
{
	__u64 s = 0;

	for (int i = 0; i < 4; i++)
		s += vals[i];
	return s > 1000 ? XDP_DROP : XDP_PASS;
}
