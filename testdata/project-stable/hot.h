/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Four loops bpf-fix rewrites, in this order: the first as bpf_for costs
 * more (clang folds it), so the fixes are tried one by one; the fourth
 * helps a little. Each trial must be compiled under the same names:
 * when the fourth's trial had a longer temporary name than its reference
 * (trial 10 against trial 1), the first run dropped it and the second
 * kept it.
 */
#ifndef STABLE_HOT_H
#define STABLE_HOT_H

#include "note.h"

__u32 vals[64];

/* clang folds this loop to a formula: as bpf_for it costs more */
static __always_inline __u32 folded(__u32 seed)
{
	__u32 acc = 0;

	for (int i = 0; i < 64; i++)
		acc += i * seed;
	return acc;
}

static __always_inline __u32 mix_a(__u32 sum)
{
	for (int i = 0; i < 64; i++) {
		if (vals[i] & 1)
			sum += vals[i];
		else
			sum ^= vals[i] >> 1;
	}
	return sum;
}

static __always_inline __u32 mix_b(__u32 sum)
{
	for (int i = 0; i < 48; i++) {
		if (vals[i] & 2)
			sum -= vals[i];
		else
			sum ^= vals[i] << 1;
	}
	return sum;
}

static __always_inline __u32 small(__u32 sum)
{
	for (int i = 0; i < 32; i++)
		sum += vals[i];
	return sum;
}

#endif
