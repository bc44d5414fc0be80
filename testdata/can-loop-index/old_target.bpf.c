// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

// LINT-ARGS: --target-kernel=6.1
/* On 6.18 this gets the bpf_for fix; 6.1 has neither bpf_for nor can_loop,
 * so the finding says what the target lacks and offers no edit. */
__u64 samples[100];

SEC("xdp")
int sum_samples(struct xdp_md *ctx)
{
	__u64 sum = 0;

	for (int i = 0; i < 100 && can_loop; i++) // EXPECT: can-loop-index "bpf_for needs Linux 6.4 and the target is 6.1; instead, write a plain bounded loop"
		sum += samples[i];
	return sum & 1 ? XDP_DROP : XDP_PASS;
}
