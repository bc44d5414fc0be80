// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: take_token insns=46
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* bpf_repeat as a retry loop: no index at all. */
__u64 token;

SEC("xdp")
int take_token(struct xdp_md *ctx)
{
	int got = 0;

	bpf_repeat(8) {
		__u64 old = token;

		if (!old)
			break;
		if (__sync_val_compare_and_swap(&token, old, old - 1) == old) {
			got = 1;
			break;
		}
	}
	return got ? XDP_PASS : XDP_DROP;
}
