// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

/* A field of struct task_struct: kernel memory, so the _kernel variant. */
SEC("kprobe/wake_up_new_task")
int new_task(struct pt_regs *ctx)
{
	struct task_struct *p = (struct task_struct *)PT_REGS_PARM1(ctx);
	pid_t tgid;

	bpf_probe_read_kernel(&tgid, sizeof(tgid), &p->tgid); // EXPECT: probe-read "bpf_probe_read_kernel()"
	return tgid;
}
