// SPDX-License-Identifier: GPL-2.0-only
/* clang's loop hints: unroll(full), unroll(enable) and unroll_count(N). */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

__u64 slots[8];
__u64 best;

SEC("xdp")
int xdp_best(struct xdp_md *ctx)
{
	__u64 m = 0;

#pragma clang loop unroll(full)
	for (int i = 0; i < 8; i++) // EXPECT-1: pragma-unroll "clang loop unroll(full)"
		if (slots[i] > m)
			m = slots[i];
#pragma clang loop unroll(enable)
	for (int i = 0; i < 8; i++) // EXPECT-1: pragma-unroll
		slots[i] = 0;
#pragma clang loop unroll_count(2)
	for (int i = 0; i < 8; i++) // EXPECT-1: pragma-unroll "unroll_count(2)"
		m += i;
	best = m;
	return XDP_PASS;
}
