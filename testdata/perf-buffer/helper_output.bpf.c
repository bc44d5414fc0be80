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
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY); // EXPECT: perf-buffer "BPF_MAP_TYPE_RINGBUF"
	__uint(key_size, sizeof(__u32));
	__uint(value_size, sizeof(__u32));
} events SEC(".maps");

/* Output from a helper function: the map is found through the call. */
static void emit(void *ctx, __u32 pid)
{
	struct event e = { .pid = pid, .cpu = bpf_get_smp_processor_id() };

	bpf_perf_event_output(ctx, &events, BPF_F_CURRENT_CPU, &e, sizeof(e));
}

SEC("kprobe/do_nanosleep")
int on_sleep(void *ctx)
{
	emit(ctx, bpf_get_current_pid_tgid() >> 32);
	return 0;
}
