// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: reset_counters insns=260
/* No bpf_compat.h: the fix needs bpf_for, so bpf-fix adds its
 * definition once after the last #include (BPF_NEED_BPF_FOR). */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

__u32 counters[256];

SEC("xdp")
int reset_counters(struct xdp_md *ctx)
{
	for (int i = 0; i < 256; i++) // EXPECT: bounded-loop "256 iterations"
		counters[i] = 0;
	return XDP_PASS;
}
