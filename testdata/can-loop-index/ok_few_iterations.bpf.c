// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: sum_lanes insns=34
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* From a constant, but 4 iterations: under the bounded-loop threshold (32)
 * the per-iteration walk costs a few bodies, not worth a finding. */
__u32 lanes[4];
__u64 out;

SEC("xdp")
int sum_lanes(struct xdp_md *ctx)
{
	__u64 sum = 0;

	for (int i = 0; i < 4 && can_loop; i++)
		sum += lanes[i];
	out = sum;
	return XDP_PASS;
}
