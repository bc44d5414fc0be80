// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: sums insns=108
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* A plain bounded loop under the threshold next to a proper can_loop. */
unsigned int zero;
__u32 small[8];
__u32 big[200];
__u64 out;

SEC("xdp")
int sums(struct xdp_md *ctx)
{
	__u64 a = 0, b = 0;

	for (int k = 0; k < 8; k++)
		a += small[k];
	for (unsigned long i = zero; i < 200 && can_loop; i++) {
		barrier_var(i);
		b += big[i];
	}
	out = a + b;
	return XDP_PASS;
}
