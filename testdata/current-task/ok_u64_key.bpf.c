// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1024);
	__type(key, u64);
	__type(value, u64);
} seen SEC(".maps");

/* The task address used as a number (a map key): nothing to type. */
SEC("kprobe/do_nanosleep")
int count(struct pt_regs *ctx)
{
	u64 task = bpf_get_current_task();
	u64 one = 1;

	bpf_map_update_elem(&seen, &task, &one, BPF_ANY);
	return 0;
}
