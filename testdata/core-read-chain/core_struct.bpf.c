// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

// LINT-ARGS: --rules=-current-task
char LICENSE[] SEC("license") = "GPL";

/* Without vmlinux.h: CO-RE records of the program's own. */
struct task_struct {
	int tgid;
	struct task_struct *real_parent;
} __attribute__((preserve_access_index));

SEC("tracepoint/sched/sched_process_exec")
int exec(void *ctx)
{
	struct task_struct *task = (void *)bpf_get_current_task();
	struct task_struct *p, *gp;
	int gpid;

	bpf_probe_read_kernel(&p, sizeof(p), &task->real_parent); // EXPECT: core-read-chain "real_parent, real_parent, tgid"
	bpf_probe_read_kernel(&gp, sizeof(gp), &p->real_parent);
	bpf_probe_read_kernel(&gpid, sizeof(gpid), &gp->tgid);
	return gpid;
}
