// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: sum_samples rejected "math between map_value pointer and register with unbounded min value i"
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* The article's final form written with an int counter: 6.18 rejects it
 * (i may be negative: "unbounded min value"). Constant trip count, so the
 * fix is bpf_for. */
int zero;
__u64 samples[100];
__u64 total;

SEC("xdp")
int sum_samples(struct xdp_md *ctx)
{
	__u64 sum = 0;

	for (int i = zero; i < 100 && can_loop; i++) { // EXPECT: can-loop-index "signed"
		barrier_var(i);
		sum += samples[i];
	}
	total = sum;
	return XDP_PASS;
}
