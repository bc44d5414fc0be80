// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct event {
	__u32 pid;
	__u32 cpu;
	char comm[16];
};

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, sizeof(__u32));
} events SEC(".maps");

/* Hardware counters read through the array: no event output at all. */
SEC("kprobe/do_nanosleep")
int read_cycles(void *ctx)
{
	struct bpf_perf_event_value v = {};

	bpf_perf_event_read_value(&events, BPF_F_CURRENT_CPU, &v, sizeof(v));
	return v.counter > 1000;
}
