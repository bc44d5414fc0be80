// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

/* Through an integer cast first: the types still show where it comes from. */
SEC("kprobe/do_nanosleep")
int nice_value(struct pt_regs *ctx)
{
	struct task_struct *t = bpf_get_current_task_btf(); // EXPECT: current-task

	return BPF_CORE_READ(t, static_prio) - 120;
}
