// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct event {
	__u32 pid;
	__u32 cpu;
	char comm[16];
};

/* Kept for a 5.4 fleet: suppressed at the map. */
struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY); // NOLINT(perf-buffer)
	__uint(key_size, sizeof(__u32));
	__uint(value_size, sizeof(__u32));
} events SEC(".maps");

SEC("kprobe/do_nanosleep")
int on_sleep(void *ctx)
{
	__u32 pid = bpf_get_current_pid_tgid() >> 32;

	bpf_perf_event_output(ctx, &events, BPF_F_CURRENT_CPU, &pid, sizeof(pid));
	return 0;
}
