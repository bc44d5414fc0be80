// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

/* Two __noinline callees with 304 bytes each, called one after the other:
 * their frames never coexist, the deepest chain is 64 + 304 = 368. */
__noinline int first(__u64 p)
{
	char a[304];

	bpf_probe_read_kernel(a, sizeof(a), (void *)p);
	return a[1];
}

__noinline int second(__u64 p)
{
	char b[304];

	bpf_probe_read_kernel(b, sizeof(b), (void *)p);
	return b[2];
}

SEC("xdp")
int siblings(struct xdp_md *ctx)
{
	char head[64];

	bpf_probe_read_kernel(head, sizeof(head), (void *)(long)ctx->data);
	return first(head[0]) + second(head[1]) ? XDP_PASS : XDP_DROP;
}
