// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

/* The project's own wrapper: the chain is seen through the macro. */
#define READ_K(dst, src) bpf_probe_read_kernel(&(dst), sizeof(dst), &(src))

SEC("kprobe/wake_up_new_task")
int BPF_KPROBE(new_task_macro, struct task_struct *task)
{
	struct task_struct *leader;
	pid_t pid;

	READ_K(leader, task->group_leader); // EXPECT: core-read-chain "group_leader, pid"
	READ_K(pid, leader->pid);
	return pid;
}
