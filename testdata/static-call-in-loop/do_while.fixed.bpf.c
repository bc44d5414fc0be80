// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: scramble insns=186
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* do/while with the counter passed through an expression; the bound is
 * a loader-set constant the verifier reads from .rodata. */
__u64 cells[16];
const volatile __u32 n_cells = 16; /* set by the loader */

__noinline int mix(__u64 cell, __u64 seed)
{
	if (cell >= 16)
		return 0;
	cells[cell] ^= seed;
	return cells[cell] & 1;
}

SEC("xdp")
int scramble(struct xdp_md *ctx)
{
	__u64 seed = bpf_get_prandom_u32();
	int odd = 0;
	int k = 0;

	do {
		odd += mix(15 - k, seed); // EXPECT: static-call-in-loop "mix"
		k++;
	} while (k < n_cells);
	return odd & 1 ? XDP_PASS : XDP_DROP;
}
