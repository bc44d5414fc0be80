// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

SEC("kprobe/wake_up_new_task")
int BPF_KPROBE(new_task_core, struct task_struct *task)
{
	return BPF_CORE_READ(task, real_parent, tgid);
}
