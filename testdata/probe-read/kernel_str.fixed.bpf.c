// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

/* The comm array of a task: kernel memory, string form. */
SEC("kprobe/wake_up_new_task")
int new_comm(struct pt_regs *ctx)
{
	struct task_struct *p = (struct task_struct *)PT_REGS_PARM1(ctx);
	char comm[16];

	bpf_probe_read_kernel_str(comm, sizeof(comm), p->comm); // EXPECT: probe-read "bpf_probe_read_kernel_str()"
	bpf_printk("new task %s", comm);
	return 0;
}
