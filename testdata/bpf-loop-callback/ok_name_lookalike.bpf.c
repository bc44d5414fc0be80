// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

__u64 vals[64];

struct acc {
	__u64 sum;
};

/* A member and a string named bpf_loop: no call of the helper. */
struct stats {
	__u64 bpf_loop;
};

struct stats st;

SEC("xdp")
int count(struct xdp_md *xdp)
{
	st.bpf_loop++;
	bpf_printk("bpf_loop(%d)", 1);
	return XDP_PASS;
}
