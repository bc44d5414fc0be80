// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: sum_samples insns=50
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

/* Not const: the verifier must not know its value (loops start from it). */
int zero;

char LICENSE[] SEC("license") = "GPL";

/* unsigned long index from a constant: the fix starts it from a global
 * zero and adds barrier_var (measured cheaper than bpf_for here). This file
 * has no zero yet: bpf-fix adds it after the last #include (BPF_NEED_ZERO). */
__u64 samples[100];

SEC("xdp")
int sum_samples(struct xdp_md *ctx)
{
	__u64 sum = 0;

	for (unsigned long i = zero; i < 100 && can_loop; i++) { // EXPECT: can-loop-index "constant"
		barrier_var(i);
		sum += samples[i];
	}
	return sum & 1 ? XDP_DROP : XDP_PASS;
}
