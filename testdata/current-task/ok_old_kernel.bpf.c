// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

// LINT-ARGS: --target-kernel=5.10
/* bpf_get_current_task_btf() is 5.11: on 5.10 the cast is the only way. */
SEC("kprobe/do_nanosleep")
int parent_tgid(struct pt_regs *ctx)
{
	struct task_struct *t = (struct task_struct *)bpf_get_current_task();

	return BPF_CORE_READ(t, real_parent, tgid);
}
