// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct event {
	__u32 pid;
	__u32 cpu;
	char comm[16];
};

/* Typed key/value and a max_entries: still per-CPU buffers. */
struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY); // EXPECT: perf-buffer
	__uint(max_entries, 64);
	__type(key, int);
	__type(value, __u32);
} out SEC(".maps");

SEC("tracepoint/syscalls/sys_enter_execve")
int on_execve(void *ctx)
{
	__u32 pid = bpf_get_current_pid_tgid() >> 32;

	bpf_perf_event_output(ctx, &out, BPF_F_CURRENT_CPU, &pid, sizeof(pid));
	return 0;
}
