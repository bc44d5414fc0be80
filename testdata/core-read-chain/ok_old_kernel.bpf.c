// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

// LINT-ARGS: --target-kernel=5.4 --rules=-probe-read
SEC("kprobe/wake_up_new_task")
int BPF_KPROBE(old, struct task_struct *task)
{
	struct task_struct *parent;
	pid_t ppid;

	/* Before 5.5 there is no bpf_probe_read_kernel: nothing to say. */
	bpf_probe_read_kernel(&parent, sizeof(parent), &task->real_parent);
	bpf_probe_read_kernel(&ppid, sizeof(ppid), &parent->tgid);
	return ppid;
}
