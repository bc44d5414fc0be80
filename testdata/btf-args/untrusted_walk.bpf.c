// SPDX-License-Identifier: GPL-2.0
/*
 * Pointers walked from a trusted one (check_ptr_to_btf_access): a field
 * the kernel's BTF lists as safe is trusted (BTF_TYPE_SAFE_TRUSTED:
 * bpf_iter_meta's seq), an RCU-listed one is an RCU pointer inside an RCU
 * section (BTF_TYPE_SAFE_RCU: task->group_leader), any other is untrusted,
 * sleepable or not, in bpf_rcu_read_lock() or not (6.18.44, measured). An
 * untrusted pointer may be read through but not passed to a helper taking
 * a BTF pointer. The model once accepted falco's sleepable task iterator
 * (dump_task), which passes &task->mm->exe_file->f_path to bpf_d_path.
 * EXPECT-VERDICT says what the 6.18 verifier answers (measured);
 * tests/model/btf_args.py checks the model against it and the kernel.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

extern void bpf_rcu_read_lock(void) __ksym;
extern void bpf_rcu_read_unlock(void) __ksym;

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, char[256]);
} paths SEC(".maps");

static long exe_path(struct task_struct *task, char *buf)
{
	struct mm_struct *mm = task->mm;
	struct file *exe;

	if (!mm)
		return 0;
	exe = mm->exe_file;
	if (!exe)
		return 0;
	return bpf_d_path((struct path *)&exe->f_path, buf, 256);
}

/* EXPECT-VERDICT: rejected — sleepable: task->mm->exe_file is untrusted */
/* EXPECT-MSG: R1 type=untrusted_ptr_ expected=ptr_, trusted_ptr_, rcu_ptr_ */
SEC("iter.s/task")
int exe_sleepable(struct bpf_iter__task *ctx)
{
	struct task_struct *task = ctx->task;
	u32 zero = 0;
	char *buf;

	if (!task)
		return 0;
	buf = bpf_map_lookup_elem(&paths, &zero);
	if (!buf)
		return 0;
	exe_path(task, buf);
	return 0;
}

/* EXPECT-VERDICT: rejected — the same walk, not sleepable: untrusted too */
/* EXPECT-MSG: R1 type=untrusted_ptr_ expected=ptr_, trusted_ptr_, rcu_ptr_ */
SEC("iter/task")
int exe_plain(struct bpf_iter__task *ctx)
{
	struct task_struct *task = ctx->task;
	u32 zero = 0;
	char *buf;

	if (!task)
		return 0;
	buf = bpf_map_lookup_elem(&paths, &zero);
	if (!buf)
		return 0;
	exe_path(task, buf);
	return 0;
}

/* EXPECT-VERDICT: rejected — sleepable, the walk inside bpf_rcu_read_lock(): untrusted too */
/* EXPECT-MSG: R1 type=untrusted_ptr_ expected=ptr_, trusted_ptr_, rcu_ptr_ */
SEC("iter.s/task")
int exe_in_rcu(struct bpf_iter__task *ctx)
{
	struct task_struct *task = ctx->task;
	u32 zero = 0;
	char *buf;

	if (!task)
		return 0;
	buf = bpf_map_lookup_elem(&paths, &zero);
	if (!buf)
		return 0;
	bpf_rcu_read_lock();
	exe_path(task, buf);
	bpf_rcu_read_unlock();
	return 0;
}

/* EXPECT-VERDICT: accepted — sleepable: meta->seq is listed as safe, so trusted */
SEC("iter.s/task")
int seq_sleepable(struct bpf_iter__task *ctx)
{
	struct seq_file *seq = ctx->meta->seq;
	struct task_struct *task = ctx->task;
	u32 pid;

	if (!task)
		return 0;
	pid = task->pid;
	bpf_seq_write(seq, &pid, sizeof(pid));
	return 0;
}

struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, u64);
} marks SEC(".maps");

/* EXPECT-VERDICT: accepted — group_leader is RCU-listed: an RCU pointer, taken */
SEC("tp_btf/sched_process_exec")
int leader_rcu(u64 *ctx)
{
	struct task_struct *p = (struct task_struct *)ctx[0];

	bpf_task_storage_get(&marks, p->group_leader, 0, 0);
	return 0;
}

/* EXPECT-VERDICT: rejected — parent is not listed: untrusted, not taken */
/* EXPECT-MSG: R2 type=untrusted_ptr_ expected=ptr_, trusted_ptr_, rcu_ptr_ */
SEC("tp_btf/sched_process_exec")
int parent_untrusted(u64 *ctx)
{
	struct task_struct *p = (struct task_struct *)ctx[0];
	struct task_struct *pp = p->parent;

	if (!pp)
		return 0;
	bpf_task_storage_get(&marks, pp, 0, 0);
	return 0;
}
