// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

/* Deliberately kept (say, for a 5.4 build): suppressed in place. */
SEC("kprobe/do_nanosleep")
int parent_tgid(struct pt_regs *ctx)
{
	struct task_struct *t = (struct task_struct *)bpf_get_current_task(); // NOLINT(current-task)

	return BPF_CORE_READ(t, real_parent, tgid);
}
