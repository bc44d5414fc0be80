// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: lookup rejected "doesn't return scalar"
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct pkt {
	__u32 len;
	__u32 mark;
};

struct pkt slots[4];

__noinline struct pkt *slot_of(__u32 i) // EXPECT: global-func-signature "returns a pointer"
{
	return i < 4 ? &slots[i] : 0;
}

SEC("xdp")
int lookup(struct xdp_md *ctx)
{
	struct pkt *p = slot_of(ctx->rx_queue_index);

	return p && p->mark ? XDP_DROP : XDP_PASS;
}
