// SPDX-License-Identifier: GPL-2.0-only
/* A main file whose body is in another .bpf.c it includes. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "c_piece.bpf.c"

char LICENSE[] SEC("license") = "GPL";

SEC("xdp")
int prog_c(struct xdp_md *ctx)
{
	return weigh_all(ctx->ingress_ifindex) & 1 ? XDP_PASS : XDP_DROP;
}
