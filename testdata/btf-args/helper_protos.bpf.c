// SPDX-License-Identifier: GPL-2.0
/*
 * Helpers whose protos take or return BTF pointers or local storage:
 * seq_file output from iterators, task local storage, the stack of a
 * task (its return is bounded by the buffer size). EXPECT-VERDICT says
 * what the 6.18 verifier answers; tests/model/btf_args.py checks it.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

struct rec {
	u32 pid;
	u32 depth;
	u64 stack[32];
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct rec);
} scratch SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, u64);
} wakeups SEC(".maps");

/* EXPECT-VERDICT: accepted — a record written to the seq_file */
SEC("iter/task")
int dump_stack(struct bpf_iter__task *ctx)
{
	struct seq_file *seq = ctx->meta->seq;
	struct task_struct *task = ctx->task;
	u32 zero = 0;
	struct rec *r;
	long n;

	if (!task)
		return 0;
	r = bpf_map_lookup_elem(&scratch, &zero);
	if (!r)
		return 0;
	r->pid = task->pid;
	n = bpf_get_task_stack(task, r->stack, sizeof(r->stack), 0);
	/* n <= sizeof(r->stack): the verifier knows the depth fits */
	r->depth = n > 0 ? n / 8 : 0;
	bpf_seq_write(seq, r, sizeof(*r));
	return 0;
}

/* EXPECT-VERDICT: accepted — seq_printf with its argument array */
SEC("iter/task")
int print_pid(struct bpf_iter__task *ctx)
{
	static const char fmt[] = "%d %d\n";
	struct task_struct *task = ctx->task;
	u64 args[2];

	if (!task)
		return 0;
	args[0] = task->pid;
	args[1] = task->tgid;
	bpf_seq_printf(ctx->meta->seq, fmt, sizeof(fmt), args, sizeof(args));
	return 0;
}

/* EXPECT-VERDICT: accepted — task storage, created on first use */
SEC("tp_btf/sched_wakeup")
int BPF_PROG(count_wakeups, struct task_struct *p)
{
	u64 *v = bpf_task_storage_get(&wakeups, p, NULL, BPF_LOCAL_STORAGE_GET_F_CREATE);

	if (v)
		__sync_fetch_and_add(v, 1);
	return 0;
}

/* EXPECT-VERDICT: rejected — task storage may return NULL */
SEC("tp_btf/sched_wakeup")
int BPF_PROG(unchecked_storage, struct task_struct *p)
{
	u64 *v = bpf_task_storage_get(&wakeups, p, NULL, BPF_LOCAL_STORAGE_GET_F_CREATE);

	*v += 1;
	return 0;
}

/* EXPECT-VERDICT: accepted — storage dropped for the exiting task */
SEC("tp_btf/sched_process_exit")
int BPF_PROG(forget_task, struct task_struct *p)
{
	bpf_task_storage_delete(&wakeups, p);
	return 0;
}
