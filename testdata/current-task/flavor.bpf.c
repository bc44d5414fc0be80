// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

/* A CO-RE flavor: reported, but the fix needs a cast the rule does not guess. */
struct task_struct___old {
	int pid;
} __attribute__((preserve_access_index));

SEC("kprobe/do_nanosleep")
int old_pid(struct pt_regs *ctx)
{
	struct task_struct___old *t = (struct task_struct___old *)bpf_get_current_task(); // EXPECT: current-task

	return BPF_CORE_READ(t, pid);
}
