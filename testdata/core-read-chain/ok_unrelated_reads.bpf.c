// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

SEC("kprobe/wake_up_new_task")
int BPF_KPROBE(unrelated, struct task_struct *task)
{
	struct task_struct *parent;
	pid_t tgid, pid;

	/* Two reads from the same struct: no pointer chase. */
	bpf_probe_read_kernel(&tgid, sizeof(tgid), &task->tgid);
	bpf_probe_read_kernel(&pid, sizeof(pid), &task->pid);
	bpf_probe_read_kernel(&parent, sizeof(parent), &task->real_parent);
	return tgid + pid + (parent != 0);
}
