// SPDX-License-Identifier: GPL-2.0-only
/* inline without always_inline is only a hint: not a finding. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define INLINE inline
#define statfunc static inline

char LICENSE[] SEC("license") = "GPL";

__u32 last;

static inline __u32 low_bits(__u64 v)
{
	return (__u32)v;
}

static __inline__ __u32 high_bits(__u64 v)
{
	return v >> 32;
}

statfunc __u32 mix(__u64 v)
{
	return low_bits(v) ^ high_bits(v);
}

static INLINE __u32 fold(__u64 v)
{
	return mix(v) & 0xffff;
}

SEC("tracepoint/sched/sched_switch")
int on_switch(void *ctx)
{
	last = fold(bpf_ktime_get_ns());
	return 0;
}
