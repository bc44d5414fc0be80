// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

/* One big buffer per frame, through a global (non-static) __noinline
 * function: 304 + 304 = 608 bytes. */
__noinline int scan(__u64 addr)
{
	__u8 window[300];

	bpf_probe_read_kernel(window, sizeof(window), (void *)addr);
	return window[299];
}

SEC("xdp") // EXPECT: stack-budget "608 bytes"
int xdp_scan(struct xdp_md *ctx)
{
	__u8 head[300];

	bpf_probe_read_kernel(head, sizeof(head), (void *)(long)ctx->data);
	return scan(head[0]) ? XDP_PASS : XDP_DROP;
}
