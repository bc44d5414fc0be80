// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: sum_queues insns=80
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* Helpers and map lookups with the index are not static functions. */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 16);
	__type(key, __u32);
	__type(value, __u64);
} per_queue SEC(".maps");

SEC("xdp")
int sum_queues(struct xdp_md *ctx)
{
	__u64 total = 0;
	int q;

	bpf_for(q, 0, 16) {
		__u32 key = q;
		__u64 *v = bpf_map_lookup_elem(&per_queue, &key);

		if (v)
			total += *v;
	}
	return total > 1000 ? XDP_DROP : XDP_PASS;
}
