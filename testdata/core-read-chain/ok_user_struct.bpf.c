// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

// LINT-ARGS: --rules=-current-task
char LICENSE[] SEC("license") = "GPL";

/* Same names, but the program's own struct (no BTF/CO-RE): not a kernel type. */
struct task_struct {
	int tgid;
	struct task_struct *real_parent;
};

SEC("tracepoint/sched/sched_process_exec")
int exec_user(void *ctx)
{
	struct task_struct *task = (void *)bpf_get_current_task();
	struct task_struct *p;
	int tgid;

	bpf_probe_read_kernel(&p, sizeof(p), &task->real_parent);
	bpf_probe_read_kernel(&tgid, sizeof(tgid), &p->tgid);
	return tgid;
}
