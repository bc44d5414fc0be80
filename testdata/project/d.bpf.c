// SPDX-License-Identifier: GPL-2.0-only
/* A program with a hot loop of its own besides hot.h's (tracee's
 * tracee.bpf.c and its common/*.h): the fixes of both files need struct
 * bpf_iter_num, which this vmlinux.h lacks, and each file gets it, guarded,
 * in the one unit that includes both. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#define NSLOTS 96
#include "hot.h"

char LICENSE[] SEC("license") = "GPL";

__u32 marks[150];

SEC("xdp")
int prog_d(struct xdp_md *ctx)
{
	__u32 acc = mix_slots(ctx->ingress_ifindex);

	for (int i = 0; i < 150; i++) {
		if (marks[i] > acc)
			acc = marks[i] - acc;
		else
			acc += marks[i];
	}
	return acc & 1 ? XDP_PASS : XDP_DROP;
}
