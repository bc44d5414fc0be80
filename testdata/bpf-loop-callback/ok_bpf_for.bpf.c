// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

__u64 vals[64];

struct acc {
	__u64 sum;
};

/* Already the open-coded iterator. */
SEC("xdp")
int sum(struct xdp_md *xdp)
{
	__u64 s = 0;
	int i;

	bpf_for(i, 0, 64)
		s += vals[i];
	return s > 1000 ? XDP_DROP : XDP_PASS;
}
