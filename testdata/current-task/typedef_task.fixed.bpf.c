// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

typedef struct task_struct task_t;

/* Cast to a typedef of the kernel type: canonical types see through it. */
SEC("kprobe/do_nanosleep")
int flags_of(struct pt_regs *ctx)
{
	struct task_struct *t = bpf_get_current_task_btf(); // EXPECT: current-task

	return BPF_CORE_READ(t, flags) & 0x1;
}
