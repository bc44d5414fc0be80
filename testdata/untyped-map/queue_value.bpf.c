// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct event {
	__u32 pid;
	__u32 cpu;
};

/* A queue has no key; its value can still be typed. */
struct {
	__uint(type, BPF_MAP_TYPE_QUEUE);
	__uint(max_entries, 64);
	__uint(value_size, sizeof(struct event)); // EXPECT: untyped-map
} events SEC(".maps");

SEC("tracepoint/sched/sched_switch")
int on_switch(void *ctx)
{
	struct event e = { .pid = bpf_get_current_pid_tgid() >> 32, .cpu = bpf_get_smp_processor_id() };

	bpf_map_push_elem(&events, &e, BPF_EXIST);
	return 0;
}
