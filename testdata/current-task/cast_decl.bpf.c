// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

/* The classic form: the u64 from bpf_get_current_task() cast to a task. */
SEC("kprobe/do_nanosleep")
int parent_tgid(struct pt_regs *ctx)
{
	struct task_struct *t = (struct task_struct *)bpf_get_current_task(); // EXPECT: current-task col=26 "bpf_get_current_task_btf()"

	bpf_printk("ppid %d", BPF_CORE_READ(t, real_parent, tgid));
	return 0;
}
