// SPDX-License-Identifier: GPL-2.0-only
// LINT-ARGS: --rules=-always-inline
/* The rule switched off on the command line: no finding. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

__u32 n;

static __always_inline void count(void)
{
	n++;
}

SEC("xdp")
int xdp_count(struct xdp_md *ctx)
{
	count();
	return XDP_PASS;
}
