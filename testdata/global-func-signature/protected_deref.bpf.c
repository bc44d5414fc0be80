// SPDX-License-Identifier: GPL-2.0-only
// Linux 6.18 refuses bump as written ("invalid mem access 'mem_or_null'"):
// protected visibility is not hidden, libbpf keeps the function global.
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

__u64 hits;

__noinline __attribute__((visibility("protected"))) int add_to(__u64 *v, __u64 n) // EXPECT: global-func-signature "without a NULL check"
{
	*v += n;
	return 0;
}

SEC("xdp")
int bump(struct xdp_md *ctx)
{
	return add_to(&hits, 1) ? XDP_DROP : XDP_PASS;
}
