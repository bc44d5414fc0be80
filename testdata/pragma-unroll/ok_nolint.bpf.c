// SPDX-License-Identifier: GPL-2.0-only
/* Kept deliberately and suppressed as clang-tidy users do. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

__u32 v[4];

SEC("xdp")
int xdp_keep(struct xdp_md *ctx)
{
	// NOLINTNEXTLINE(pragma-unroll)
#pragma unroll
	for (int i = 0; i < 4; i++)
		v[i] = 0;
#pragma unroll // NOLINT(pragma-*)
	for (int i = 0; i < 4; i++)
		v[i] += 1;
	// NOLINTBEGIN
#pragma GCC unroll 4
	for (int i = 0; i < 4; i++)
		v[i] *= 2;
	// NOLINTEND
	return XDP_PASS;
}
