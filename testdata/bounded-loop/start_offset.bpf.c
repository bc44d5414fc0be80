// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: count_high rejected "BPF program is too large"
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* A non-zero start with the index bounding a memory access: no automatic
 * fix. Measured: bpf_for(i, 16, 80) here is rejected on 6.18 ("R2 unbounded
 * memory access"): clang folds the macro's i >= 16 && i < 80 into one
 * unsigned compare of a copy, so i itself stays unbounded. bpf_for(j, 0, 64)
 * with bitmap[j + 16] is what to write by hand. */
__u8 bitmap[80];

SEC("xdp")
int count_high(struct xdp_md *ctx)
{
	int n = 0;

	for (int i = 16; i < 80; i++) // EXPECT: bounded-loop "64 iterations"
		n += bitmap[i] != 0;
	return n > 10 ? XDP_DROP : XDP_PASS;
}
