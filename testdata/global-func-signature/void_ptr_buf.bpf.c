// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: scan rejected "reference type('UNKNOWN ') size cannot be determined"
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct pkt {
	__u32 len;
	__u32 mark;
};

/* A void * buffer: no tag applies, it needs a sized type. */
__noinline int nonzero(void *buf) // EXPECT: global-func-signature "unknown size"
{
	return buf != 0;
}

SEC("xdp")
int scan(struct xdp_md *ctx)
{
	char b[8] = {};

	return nonzero(b) ? XDP_PASS : XDP_DROP;
}
