// SPDX-License-Identifier: GPL-2.0-only
/*
 * Forced inline where no BPF call could replace it (issue 19): six
 * arguments (a call takes at most five, R1-R5: clang-19 says "too many
 * arguments"), an aggregate return ("aggregate returns are not
 * supported") and a 128-bit one ("only small returns supported").
 * Dropping always_inline would not build, so nothing is reported.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct flow {
	__u64 bytes, packets;
};

static __always_inline int pick(__u32 a, __u32 b, __u32 c, __u32 d, __u32 e, __u32 f)
{
	return a + b + c + d + e + f;
}

static __always_inline struct flow make_flow(__u64 len)
{
	struct flow f = { len, 1 };

	return f;
}

static __always_inline unsigned __int128 widen(__u64 x)
{
	return (unsigned __int128)x << 3;
}

__u64 total;

SEC("xdp")
int count(struct xdp_md *ctx)
{
	__u32 len = ctx->data_end - ctx->data;
	struct flow f = make_flow(len), g = make_flow(len / 2);

	total += pick(len, 1, 2, 3, 4, 5) + pick(5, 4, 3, 2, 1, len);
	total += f.bytes + g.packets + (__u64)widen(len) + (__u64)widen(total);
	return XDP_PASS;
}
