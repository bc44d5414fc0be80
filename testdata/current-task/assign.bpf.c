// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

struct task_struct *last;

/* Assigned later rather than initialised. */
SEC("kprobe/do_nanosleep")
int remember(struct pt_regs *ctx)
{
	struct task_struct *t;
	pid_t pid;

	t = (struct task_struct *)bpf_get_current_task(); // EXPECT: current-task
	bpf_probe_read_kernel(&pid, sizeof(pid), &t->pid);
	return pid == 1;
}
