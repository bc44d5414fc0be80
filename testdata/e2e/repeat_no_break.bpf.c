// SPDX-License-Identifier: GPL-2.0-only
// E2E: repeat_checked rejected -> accepted
// E2E-KEPT: repeat-index
// KERNEL: repeat_checked rejected "BPF program is too large"
// Measured on 6.18 after bpf-fix: 59 processed insns.
/*
 * The article's bpf_repeat with a bounds check but no break: the kernel
 * gives up at 1,000,001 instructions. bpf_for makes it load.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

__u64 arr[100];
__u64 total;

SEC("xdp")
int repeat_checked(struct xdp_md *ctx)
{
	__u32 i = 0;

	bpf_repeat(100) {
		if (i < 100)
			total += arr[i];
		i++;
	}
	return XDP_PASS;
}
