// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: sum_words insns=110
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

	int i;
	bpf_for(i, 0, MAX_WORDS + 1) { // EXPECT: bounded-loop "97 iterations"
		if (words[i] == 0)
			break;
		sum += words[i];
	}
	checksum = sum;
	return XDP_PASS;
}
