// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: each_slot insns=119
// KERNEL: repeat_slots insns=125
// KERNEL: can_loop_slots insns=59
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/*
 * The article's "Ok, only processes loop body once" shapes, with a real
 * static function behind function(arr[i]): the loop itself converges, but
 * the static body is walked again per distinct state. Measured on 6.18:
 * each_slot is refused (8193 jumps), repeat_slots and can_loop_slots hit
 * 1,000,000 insns; with the function global they take 119, 125 and 59.
 */
unsigned long zero;
__u64 arr[100];
__u64 total;

__attribute__((noinline)) int function(__u64 v)
{
	if (v > 1000)
		return 0;
	total += v;
	return 1;
}

SEC("xdp")
int each_slot(struct xdp_md *ctx)
{
	int i, n = 0;

	bpf_for(i, 0, 100) {
		n += function(arr[i]); // EXPECT: static-call-in-loop "function"
	}
	return n ? XDP_PASS : XDP_DROP;
}

SEC("xdp")
int repeat_slots(struct xdp_md *ctx)
{
	unsigned long i = zero;
	int n = 0;

	bpf_repeat(100) {
		barrier_var(i);
		if (i < 100)
			n += function(arr[i]); // EXPECT: static-call-in-loop "function"
		else
			break;
		i++;
	}
	return n ? XDP_PASS : XDP_DROP;
}

SEC("xdp")
int can_loop_slots(struct xdp_md *ctx)
{
	int n = 0;

	for (unsigned long i = zero; i < 100 && can_loop; i++) {
		barrier_var(i);
		n += function(arr[i]); // EXPECT: static-call-in-loop "function"
	}
	return n ? XDP_PASS : XDP_DROP;
}
