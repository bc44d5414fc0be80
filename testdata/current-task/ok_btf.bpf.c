// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

/* Already the BTF-typed helper. */
SEC("tp_btf/sched_process_exec")
int on_exec(void *ctx)
{
	struct task_struct *t = bpf_get_current_task_btf();

	return t->pid == 1;
}
