// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

// LINT-ARGS: --target-kernel=5.4
/* Before 5.5 there is nothing else. */
SEC("kprobe/wake_up_new_task")
int new_task(struct pt_regs *ctx)
{
	struct task_struct *p = (struct task_struct *)PT_REGS_PARM1(ctx);
	pid_t tgid;

	bpf_probe_read(&tgid, sizeof(tgid), &p->tgid);
	return tgid;
}
