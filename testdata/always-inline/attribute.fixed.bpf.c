// SPDX-License-Identifier: GPL-2.0-only
/* The attribute spelled out, as older samples do. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, __u64);
} counters SEC(".maps");

static inline void bump(__u32 slot) // EXPECT: always-inline col=15
{
	__u64 *v = bpf_map_lookup_elem(&counters, &slot);

	if (v)
		__sync_fetch_and_add(v, 1);
}

SEC("tracepoint/syscalls/sys_enter_openat")
int count_openat(void *ctx)
{
	bump(0);
	bump(bpf_get_smp_processor_id() & 3);
	return 0;
}
