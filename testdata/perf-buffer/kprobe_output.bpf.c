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

/* The classic event stream: built on the stack, copied per CPU. */
SEC("kprobe/do_nanosleep")
int on_sleep(void *ctx)
{
	struct event e = { .pid = bpf_get_current_pid_tgid() >> 32 };

	bpf_get_current_comm(e.comm, sizeof(e.comm));
	bpf_perf_event_output(ctx, &events, BPF_F_CURRENT_CPU, &e, sizeof(e));
	return 0;
}
