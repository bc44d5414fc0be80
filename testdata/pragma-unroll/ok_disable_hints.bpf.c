// SPDX-License-Identifier: GPL-2.0-only
/* Hints that keep the loop a loop are what we want, not findings. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

__u32 buf[16];
__u32 total;

SEC("xdp")
int xdp_sum(struct xdp_md *ctx)
{
	__u32 s = 0;

#pragma nounroll
	for (int i = 0; i < 16; i++)
		s += buf[i];
#pragma clang loop unroll(disable)
	for (int i = 0; i < 16; i++)
		s ^= buf[i];
#pragma unroll 1
	for (int i = 0; i < 16; i++)
		s += i;
#pragma GCC unroll 1
	for (int i = 0; i < 16; i++)
		s -= buf[i] >> 1;
#pragma clang loop unroll_count(1)
	for (int i = 0; i < 16; i++)
		s |= buf[i];
	total = s;
	return XDP_PASS;
}
