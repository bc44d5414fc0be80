// SPDX-License-Identifier: GPL-2.0-only
/*
 * Parameters aligned under the first one, kernel style (tabs, then
 * spaces): dropping always_inline moves the parenthesis, and the fix moves
 * the aligned lines with it. The second function aligns another way and
 * keeps its lines.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

__u64 totals[4];

static void account(__u32 slot, // EXPECT: always-inline
		    __u64 bytes,
		    __u64 packets)
{
	if (slot < 4)
		totals[slot] += bytes * 1000 + packets;
}

static __u32 pick(__u32 a, // EXPECT: always-inline
	__u32 b)
{
	return (a ^ b) & 3;
}

SEC("xdp")
int count_bytes(struct xdp_md *ctx)
{
	__u32 len = ctx->data_end - ctx->data;

	account(pick(len, 1), len, 1);
	account(pick(len, 2), len / 2, 2);
	return XDP_PASS;
}
