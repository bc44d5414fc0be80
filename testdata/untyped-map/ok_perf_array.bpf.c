// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

/* Perf event arrays hold fds: key_size/value_size is the usual form. */
struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, sizeof(__u32));
} counters SEC(".maps");

SEC("kprobe/do_nanosleep")
int read_counter(void *ctx)
{
	struct bpf_perf_event_value v;

	bpf_perf_event_read_value(&counters, BPF_F_CURRENT_CPU, &v, sizeof(v));
	return v.counter > 0;
}
