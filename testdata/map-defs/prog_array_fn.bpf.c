// SPDX-License-Identifier: GPL-2.0
/*
 * A prog array declared __array(values, int ()) with initial programs,
 * as xdp-tools and KubeArmor write them: libbpf loads it; the object
 * reader once refused the object ("definition is not a struct").
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

SEC("xdp")
int tail_pass(struct xdp_md *ctx)
{
	return XDP_PASS;
}

struct {
	__uint(type, BPF_MAP_TYPE_PROG_ARRAY);
	__uint(max_entries, 2);
	__type(key, __u32);
	__array(values, int ());
} jumps SEC(".maps") = {
	.values = { [0] = (void *)&tail_pass },
};

SEC("xdp")
int entry(struct xdp_md *ctx)
{
	bpf_tail_call(ctx, &jumps, 0);
	return XDP_DROP;
}
