// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: mark_all insns=39
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* A void function cannot be global as it is: the kernel wants a scalar
 * return ("Global function ... doesn't return scalar"). The fix makes it
 * int, returning 0 wherever it returned and at its end; callers ignore it. */
__u64 marks[32];

static void mark(__u64 slot)
{
	if (slot < 32)
		marks[slot]++;
}

SEC("xdp")
int mark_all(struct xdp_md *ctx)
{
	for (int i = 0; i < 12; i++)
		mark(i); // EXPECT: static-call-in-loop "loop counter"
	return XDP_PASS;
}
