// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

/* BPF_CORE_READ expands to bpf_probe_read_kernel: nothing deprecated. */
SEC("kprobe/wake_up_new_task")
int new_task(struct pt_regs *ctx)
{
	struct task_struct *p = (struct task_struct *)PT_REGS_PARM1(ctx);

	return BPF_CORE_READ(p, real_parent, tgid);
}
