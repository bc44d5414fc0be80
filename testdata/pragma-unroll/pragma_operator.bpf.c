// SPDX-License-Identifier: GPL-2.0-only
/* _Pragma forms: on their own line, and inside a macro this file defines. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define UNROLL_ALL _Pragma("unroll") // EXPECT: pragma-unroll col=20

char LICENSE[] SEC("license") = "GPL";

__u32 table[8];
__u32 acc;

SEC("xdp")
int xdp_acc(struct xdp_md *ctx)
{
	_Pragma("clang loop unroll(full)") // EXPECT: pragma-unroll col=2
	for (int i = 0; i < 8; i++)
		acc += table[i];
	UNROLL_ALL
	for (int i = 0; i < 8; i++)
		table[i] = acc;
	return XDP_PASS;
}
