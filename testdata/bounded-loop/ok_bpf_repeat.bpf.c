// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: sample_drops insns=50
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* bpf_repeat expands to a for loop: it is not a counted for. */
__u64 drops;

SEC("xdp")
int sample_drops(struct xdp_md *ctx)
{
	bpf_repeat(200) {
		if (bpf_get_prandom_u32() & 1)
			break;
		drops++;
	}
	return XDP_PASS;
}
