// SPDX-License-Identifier: GPL-2.0-only
/* One of two programs built from hot.h, with its own NSLOTS. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#define NSLOTS 128
#include "hot.h"

char LICENSE[] SEC("license") = "GPL";

SEC("xdp")
int prog_a(struct xdp_md *ctx)
{
	return mix_slots(ctx->ingress_ifindex) & 1 ? XDP_PASS : XDP_DROP;
}
