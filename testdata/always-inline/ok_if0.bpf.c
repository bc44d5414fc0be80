// SPDX-License-Identifier: GPL-2.0-only
/* An always_inline variant compiled out: there is no such function in the unit. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

__u32 n;

#ifdef OLD_KERNEL
static __always_inline void count(void)
#else
static void count(void)
#endif
{
	n++;
}

SEC("xdp")
int xdp_count(struct xdp_md *ctx)
{
	count();
	return XDP_PASS;
}
