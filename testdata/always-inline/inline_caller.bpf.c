// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

__u64 hits[4];

/* Called once, but from a forced-inline function that is called twice:
 * two copies of both bodies. */
static __always_inline void bump(__u32 slot) // EXPECT: always-inline
{
	hits[slot & 3]++;
}

static __always_inline void count(__u32 a) // EXPECT: always-inline
{
	bump(a);
}

SEC("tracepoint/syscalls/sys_enter_openat")
int count_twice(void *ctx)
{
	count(0);
	count(bpf_get_smp_processor_id());
	return 0;
}
