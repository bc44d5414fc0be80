// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct event {
	__u32 pid;
	__u32 cpu;
	char comm[16];
};

/* One perf array for counters (fine), one for output (reported). */
struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, sizeof(__u32));
} cycles SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY); // EXPECT: perf-buffer "BPF_MAP_TYPE_RINGBUF"
	__uint(key_size, sizeof(__u32));
	__uint(value_size, sizeof(__u32));
} events SEC(".maps");

SEC("kprobe/do_nanosleep")
int sample(void *ctx)
{
	struct bpf_perf_event_value v = {};
	struct event e = {};

	bpf_perf_event_read_value(&cycles, BPF_F_CURRENT_CPU, &v, sizeof(v));
	e.cpu = v.counter;
	bpf_perf_event_output(ctx, &events, BPF_F_CURRENT_CPU, &e, sizeof(e));
	return 0;
}
