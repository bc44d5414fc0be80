// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

/* Cast through void *: still a scalar pretending to be a task pointer. */
SEC("tracepoint/sched/sched_process_exec")
int on_exec(void *ctx)
{
	struct task_struct *t = (void *)bpf_get_current_task(); // EXPECT: current-task
	int prio = BPF_CORE_READ(t, prio);

	return prio > 120;
}
