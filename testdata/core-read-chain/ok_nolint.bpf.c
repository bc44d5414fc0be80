// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

SEC("kprobe/wake_up_new_task")
int BPF_KPROBE(kept, struct task_struct *task)
{
	struct task_struct *parent;
	pid_t ppid;

	bpf_probe_read_kernel(&parent, sizeof(parent), &task->real_parent); // NOLINT(core-read-chain)
	bpf_probe_read_kernel(&ppid, sizeof(ppid), &parent->tgid);
	return ppid;
}
