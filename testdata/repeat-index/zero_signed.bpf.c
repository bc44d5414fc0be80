// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: sum_samples rejected "math between map_value pointer and register with unbounded min value i"
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* Shape 4 as the article writes it, with a signed int index: on 6.18
 * i < 100 leaves i's minimum unbounded, so samples[i] is rejected.
 * No automatic fix (barrier_var does not help a signed 32-bit index:
 * measured "8193 jumps is too complex"); write bpf_for(i, 0, 100). */
int zero;
__u64 samples[100];

SEC("xdp")
int sum_samples(struct xdp_md *ctx)
{
	__u64 sum = 0;
	int i = zero;

	bpf_repeat(100) { // EXPECT: repeat-index "unbounded"
		if (i < 100)
			sum += samples[i];
		else
			break;
		i++;
	}
	return sum & 1 ? XDP_DROP : XDP_PASS;
}
