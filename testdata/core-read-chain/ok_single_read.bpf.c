// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

SEC("kprobe/wake_up_new_task")
int BPF_KPROBE(single, struct task_struct *task)
{
	pid_t tgid;

	bpf_probe_read_kernel(&tgid, sizeof(tgid), &task->tgid);
	return tgid;
}
