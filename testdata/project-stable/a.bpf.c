// SPDX-License-Identifier: GPL-2.0-only
/*
 * bpf-fix's second run must change nothing (issue 22): hot.h's fixes are
 * judged in trials whose code depends on the file names clang sees
 * (NOTE_FILE copies __FILE__), tests/fix/stable.py.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "hot.h"

#define NOTE4() NOTE_FILE(); NOTE_FILE(); NOTE_FILE(); NOTE_FILE()

char LICENSE[] SEC("license") = "GPL";

SEC("xdp")
int prog_a(struct xdp_md *ctx)
{
	__u32 s = ctx->ingress_ifindex;

	NOTE4(); NOTE4(); NOTE4(); NOTE4();
	s = folded(s) + mix_a(s) + mix_b(s) + small(s);
	return s & 1 ? XDP_PASS : XDP_DROP;
}

/* Grows with folded()'s fix, so that the fixes are not kept all at once. */
SEC("xdp")
int prog_b(struct xdp_md *ctx)
{
	return folded(ctx->ingress_ifindex) & 1 ? XDP_PASS : XDP_DROP;
}
