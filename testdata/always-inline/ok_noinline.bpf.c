// SPDX-License-Identifier: GPL-2.0-only
/* The modern way: a global __noinline function (verified once) and a plain static one. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

__u64 sum;

__noinline int add_sample(__u64 v)
{
	sum += v;
	return 0;
}

static __noinline __u64 scale(__u64 v)
{
	return v << 1;
}

static __u64 offset(__u64 v)
{
	return v + 7;
}

SEC("xdp")
int xdp_sample(struct xdp_md *ctx)
{
	add_sample(offset(scale(ctx->data_end - ctx->data)));
	return XDP_PASS;
}
