// SPDX-License-Identifier: GPL-2.0-only
/* The other program built from hot.h: more slots, another seed. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#define NSLOTS 256
#include "hot.h"

char LICENSE[] SEC("license") = "GPL";

SEC("xdp")
int prog_b(struct xdp_md *ctx)
{
	return mix_slots(ctx->rx_queue_index) & 1 ? XDP_PASS : XDP_DROP;
}
