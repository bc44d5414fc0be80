// SPDX-License-Identifier: GPL-2.0
/*
 * BTF-typed pointers: tp_btf and iter arguments, bpf_get_current_task_btf()
 * and the fields read through them. Each program says what the 6.18
 * verifier answers (EXPECT-VERDICT); tests/model/btf_args.py holds the
 * model to it, and to the live kernel's counts where bpf() is permitted.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 64);
	__type(key, u32);
	__type(value, u64);
} seen SEC(".maps");

/* EXPECT-VERDICT: accepted — a trusted argument, read directly */
SEC("tp_btf/sched_wakeup")
int BPF_PROG(wakeup_pid, struct task_struct *p)
{
	u32 pid = p->pid;
	u64 one = 1;

	bpf_map_update_elem(&seen, &pid, &one, BPF_ANY);
	return 0;
}

/* EXPECT-VERDICT: accepted — a pointer field of a BTF pointer stays typed */
SEC("tp_btf/sched_wakeup")
int BPF_PROG(wakeup_parent, struct task_struct *p)
{
	u32 ppid = p->real_parent->tgid;
	u64 one = 1;

	bpf_map_update_elem(&seen, &ppid, &one, BPF_ANY);
	return 0;
}

/* EXPECT-VERDICT: accepted — the current task, typed */
SEC("tp_btf/sched_switch")
int BPF_PROG(switch_parent, bool preempt, struct task_struct *prev)
{
	struct task_struct *cur = bpf_get_current_task_btf();
	u32 key = cur->real_parent->pid;
	u64 v = prev->pid;

	bpf_map_update_elem(&seen, &key, &v, BPF_ANY);
	return 0;
}

/* EXPECT-VERDICT: accepted — an iter's task may be NULL: checked first */
SEC("iter/task")
int count_tasks(struct bpf_iter__task *ctx)
{
	struct task_struct *task = ctx->task;
	u32 key;
	u64 one = 1;

	if (!task)
		return 0;
	key = task->tgid;
	bpf_map_update_elem(&seen, &key, &one, BPF_ANY);
	return 0;
}

/* EXPECT-VERDICT: rejected — the iter's task used without the NULL check */
SEC("iter/task")
int unchecked_task(struct bpf_iter__task *ctx)
{
	struct task_struct *task = ctx->task;
	u32 key = task->tgid;
	u64 one = 1;

	bpf_map_update_elem(&seen, &key, &one, BPF_ANY);
	return 0;
}

/* EXPECT-VERDICT: accepted — a field array of structs, indexed by a constant */
SEC("tp_btf/sched_wakeup")
int BPF_PROG(wakeup_comm, struct task_struct *p)
{
	u32 key = (u32)p->comm[3] + (u32)p->signal->rlim[1].rlim_cur;
	u64 one = 1;

	bpf_map_update_elem(&seen, &key, &one, BPF_ANY);
	return 0;
}

/* EXPECT-VERDICT: accepted — an int field of an iter ctx, read at its own width */
SEC("iter/task_file")
int count_fds(struct bpf_iter__task_file *ctx)
{
	struct file *file = ctx->file;
	u32 fd = ctx->fd;
	u64 flags;

	if (!file)
		return 0;
	flags = file->f_flags;
	bpf_map_update_elem(&seen, &fd, &flags, BPF_ANY);
	return 0;
}
