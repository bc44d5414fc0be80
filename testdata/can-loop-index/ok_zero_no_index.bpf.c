// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: sum_squares insns=50
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* From a global with no barrier_var, as the kernel selftests write it: the
 * counter indexes no memory, so there is nothing for clang to split off. */
unsigned int zero;
__u64 out;

SEC("xdp")
int sum_squares(struct xdp_md *ctx)
{
	__u64 sum = 0;

	for (unsigned long i = zero; i < 100 && can_loop; i++)
		sum += i * i;
	out = sum;
	return XDP_PASS;
}
