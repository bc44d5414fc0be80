// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

// LINT-ARGS: --rules=-current-task
char LICENSE[] SEC("license") = "GPL";

typedef struct task_struct task_t;
typedef struct nsproxy *nsp_t;

SEC("kprobe/do_exit")
int BPF_KPROBE(do_exit_probe, long code)
{
	task_t *task = (task_t *)bpf_get_current_task();
	nsp_t ns;
	struct uts_namespace *uts;

	bpf_probe_read_kernel(&ns, sizeof(ns), &task->nsproxy); // EXPECT: core-read-chain "task->nsproxy->uts_ns"
	bpf_probe_read_kernel(&uts, sizeof(uts), &ns->uts_ns);
	return uts != 0;
}
