// SPDX-License-Identifier: GPL-2.0
/*
 * kfuncs of kernel objects (tasks, cgroups, cpumasks): what they return
 * may be NULL and holds a reference to release, their arguments must be
 * trusted or referenced, and only some program types may call them
 * (raw tracepoints may not). A global function's __arg_trusted argument
 * takes such a pointer, checked at the call and trusted inside. A '?'
 * before the section name only turns autoload off. The model once stopped at these kfuncs ("not in the
 * model's table"). EXPECT-VERDICT and EXPECT-MSG are what 6.18 answers
 * (measured); tests/model/btf_args.py holds the model to them and to the
 * live kernel.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

/* libbpf matches a kfunc's pointer arguments by kind: structs, not forward
 * declarations; their members are the kernel's business */
struct task_struct { int unused; };
struct cgroup { int unused; };
struct cpumask { int unused; };
struct bpf_cpumask { int unused; };

extern struct task_struct *bpf_task_from_pid(__s32 pid) __ksym;
extern struct task_struct *bpf_task_acquire(struct task_struct *p) __ksym;
extern void bpf_task_release(struct task_struct *p) __ksym;
extern struct cgroup *bpf_cgroup_from_id(__u64 cgid) __ksym;
extern struct cgroup *bpf_cgroup_acquire(struct cgroup *cgrp) __ksym;
extern void bpf_cgroup_release(struct cgroup *cgrp) __ksym;
extern struct bpf_cpumask *bpf_cpumask_create(void) __ksym;
extern struct bpf_cpumask *bpf_cpumask_acquire(struct bpf_cpumask *cpumask) __ksym;
extern void bpf_cpumask_release(struct bpf_cpumask *cpumask) __ksym;
extern void bpf_cpumask_set_cpu(__u32 cpu, struct bpf_cpumask *cpumask) __ksym;
extern _Bool bpf_cpumask_test_cpu(__u32 cpu, const struct cpumask *cpumask) __ksym;

/* EXPECT-VERDICT: accepted — found, acquired again, both released */
SEC("syscall")
int task_round_trip(void *ctx)
{
	struct task_struct *t = bpf_task_from_pid(1), *again;

	if (!t)
		return 0;
	again = bpf_task_acquire(t);
	if (again)
		bpf_task_release(again);
	bpf_task_release(t);
	return 1;
}

/* EXPECT-VERDICT: rejected — the task found is kept */
/* EXPECT-MSG: would lead to reference leak */
SEC("syscall")
int task_kept(void *ctx)
{
	return bpf_task_from_pid(1) ? 1 : 0;
}

/* EXPECT-VERDICT: rejected — the current task is trusted, not referenced */
/* EXPECT-MSG: release kernel function bpf_task_release expects refcounted PTR_TO_BTF_ID */
SEC("syscall")
int release_current(void *ctx)
{
	bpf_task_release((struct task_struct *)bpf_get_current_task_btf());
	return 0;
}

/* EXPECT-VERDICT: rejected — acquiring what may be NULL */
/* EXPECT-MSG: Possibly NULL pointer passed to trusted arg0 */
SEC("syscall")
int acquire_unchecked(void *ctx)
{
	struct cgroup *c = bpf_cgroup_from_id(1), *again;

	again = bpf_cgroup_acquire(c);
	if (again)
		bpf_cgroup_release(again);
	if (c)
		bpf_cgroup_release(c);
	return 0;
}

/* EXPECT-VERDICT: rejected — raw tracepoints have no generic kfuncs */
/* EXPECT-MSG: calling kernel function bpf_task_from_pid is not allowed */
SEC("?raw_tp")
int task_in_raw_tp(void *ctx)
{
	struct task_struct *t = bpf_task_from_pid(1);

	if (t)
		bpf_task_release(t);
	return 0;
}

/* EXPECT-VERDICT: accepted — a cpumask made, shared, set, tested, released twice */
SEC("tracepoint")
int cpumask_shared(void *ctx)
{
	struct bpf_cpumask *m = bpf_cpumask_create(), *ref;
	int set;

	if (!m)
		return 0;
	ref = bpf_cpumask_acquire(m);
	bpf_cpumask_set_cpu(0, m);
	set = bpf_cpumask_test_cpu(0, (const struct cpumask *)ref);
	bpf_cpumask_release(ref);
	bpf_cpumask_release(m);
	return set;
}

#define __arg_trusted __attribute__((btf_decl_tag("arg:trusted")))

__attribute__((noinline)) int hold_briefly(struct task_struct *t __arg_trusted)
{
	struct task_struct *own = bpf_task_acquire(t);

	if (!own)
		return 0;
	bpf_task_release(own);
	return 1;
}

__attribute__((noinline)) int drop_it(struct task_struct *t __arg_trusted)
{
	bpf_task_release(t);
	return 0;
}

/* EXPECT-VERDICT: accepted — a referenced task to a trusted argument */
SEC("syscall")
int trusted_arg_passed(void *ctx)
{
	struct task_struct *t = bpf_task_from_pid(1);
	int held;

	if (!t)
		return 0;
	held = hold_briefly(t);
	bpf_task_release(t);
	return held;
}

/* EXPECT-VERDICT: rejected — the lookup may have found nothing */
/* EXPECT-MSG: Caller passes invalid args into func#1 ('hold_briefly') */
SEC("syscall")
int trusted_arg_maybe_null(void *ctx)
{
	struct task_struct *t = bpf_task_from_pid(1);
	int held = hold_briefly(t);

	if (t)
		bpf_task_release(t);
	return held;
}

/* EXPECT-VERDICT: rejected — a trusted argument is not the callee's to release */
/* EXPECT-MSG: release kernel function bpf_task_release expects refcounted PTR_TO_BTF_ID */
SEC("syscall")
int trusted_arg_released(void *ctx)
{
	struct task_struct *t = bpf_task_from_pid(1);

	if (!t)
		return 0;
	drop_it(t);
	bpf_task_release(t);
	return 0;
}
