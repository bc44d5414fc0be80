// SPDX-License-Identifier: GPL-2.0-only
/*
 * libbpf's own headers define __always_inline helpers (bpf_tail_call_static,
 * the tracing macros): they are not in this file, so not reported.
 */
#include <linux/bpf.h>
#include <linux/ptrace.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_endian.h>

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_PROG_ARRAY);
	__uint(max_entries, 2);
	__type(key, __u32);
	__type(value, __u32);
} jump SEC(".maps");

SEC("xdp")
int xdp_dispatch(struct xdp_md *ctx)
{
	bpf_tail_call_static(ctx, &jump, 1);
	return XDP_PASS;
}
