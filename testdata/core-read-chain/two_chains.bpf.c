// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

SEC("kprobe/wake_up_new_task")
int BPF_KPROBE(two, struct task_struct *task)
{
	struct task_struct *parent, *leader;
	pid_t ppid, lpid;

	bpf_probe_read_kernel(&parent, sizeof(parent), &task->real_parent); // EXPECT: core-read-chain "real_parent, tgid"
	bpf_probe_read_kernel(&leader, sizeof(leader), &task->group_leader); // EXPECT: core-read-chain "group_leader, pid"
	bpf_probe_read_kernel(&ppid, sizeof(ppid), &parent->tgid);
	bpf_probe_read_kernel(&lpid, sizeof(lpid), &leader->pid);
	return ppid + lpid;
}
