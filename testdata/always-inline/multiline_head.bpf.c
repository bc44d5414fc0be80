// SPDX-License-Identifier: GPL-2.0-only
/* Shapes seen in bcc's libbpf-tools: attribute after the type, own-line heads. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

__u64 start_ts[16];
__u64 hist[16];

static int __always_inline trace_start(__u32 slot, __u64 ts) // EXPECT: always-inline col=12
{
	start_ts[slot & 15] = ts;
	return 0;
}

static __always_inline // EXPECT: always-inline col=8
void
record(__u32 slot, __u64 now)
{
	hist[slot & 15] += now - start_ts[slot & 15];
}

static  __always_inline void store(__u32 slot) // EXPECT: always-inline col=9
{
	start_ts[slot & 15] = 0;
}

SEC("tracepoint/block/block_rq_issue")
int on_issue(void *ctx)
{
	__u64 now = bpf_ktime_get_ns();

	trace_start(bpf_get_smp_processor_id(), now);
	trace_start(0, now);
	record(bpf_get_smp_processor_id(), now);
	record(0, now);
	store(0);
	store(1);
	return 0;
}
