// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: sum_words insns=504
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* A loop pragma just before the loop (here with a macro count, which
 * clang expands): the counter's declaration cannot go between the two, so
 * the fix takes the pragma out with the loop it rewrites. */
#define MAX_WORDS 96

__u16 words[MAX_WORDS + 1];
__u32 checksum;

SEC("xdp")
int sum_words(struct xdp_md *ctx)
{
	__u32 sum = 0;

	#pragma clang loop unroll_count(MAX_WORDS) // EXPECT: pragma-unroll
	for (int i = 0; i <= MAX_WORDS; i++) { // EXPECT: bounded-loop "97 iterations"
		if (words[i] == 0)
			break;
		sum += words[i];
	}
	checksum = sum;
	return XDP_PASS;
}
