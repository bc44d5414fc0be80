// SPDX-License-Identifier: GPL-2.0-only
/* The words in comments and strings, and in code compiled out. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

const char why[] = "#pragma unroll removed: bounded loops since 5.3";
__u32 vals[8];

SEC("xdp")
int xdp_vals(struct xdp_md *ctx)
{
	/*
	#pragma unroll
	*/
	// #pragma unroll
#if 0
#pragma unroll
#endif
#ifdef PRE_5_3_KERNEL
	_Pragma("unroll")
#endif
	for (int i = 0; i < 8; i++)
		vals[i] = sizeof(why);
	return XDP_PASS;
}
