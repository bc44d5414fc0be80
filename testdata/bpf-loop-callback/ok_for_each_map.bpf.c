// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

__u64 vals[64];

struct acc {
	__u64 sum;
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 64);
	__type(key, __u32);
	__type(value, __u64);
} m SEC(".maps");

static long visit(void *map, __u32 *key, __u64 *val, struct acc *a)
{
	a->sum += *val;
	return 0;
}

/* A map walk is a different callback helper: no bpf_for equivalent. */
SEC("xdp")
int sum_map(struct xdp_md *xdp)
{
	struct acc a = {};

	bpf_for_each_map_elem(&m, visit, &a, 0);
	return a.sum > 1000 ? XDP_DROP : XDP_PASS;
}
