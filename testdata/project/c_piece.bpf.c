// SPDX-License-Identifier: GPL-2.0-only
/* A piece of c.bpf.c, which #includes it: linted and fixed through it. */
#ifndef PROJECT_C_PIECE
#define PROJECT_C_PIECE
#include "vmlinux.h"

__u32 weights[200];

static __always_inline __u32 weigh_all(__u32 acc)
{
	for (int i = 0; i < 200; i++) {
		if (weights[i] > acc)
			acc = weights[i] - acc;
		else
			acc += weights[i];
	}
	return acc;
}
#endif
