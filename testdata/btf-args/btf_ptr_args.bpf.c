// SPDX-License-Identifier: GPL-2.0
/*
 * A helper's BTF pointer argument (ARG_PTR_TO_BTF_ID) is checked: it
 * must be a BTF pointer, not a scalar that holds the same address, and
 * of the struct the helper wants (or one holding it as first member).
 * EXPECT-VERDICT says what the 6.18 verifier answers (measured);
 * tests/model/btf_args.py checks the model against it and the kernel.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, u64);
} seen SEC(".maps");

/* EXPECT-VERDICT: accepted — the current task as a BTF pointer */
SEC("kprobe/do_nanosleep")
int task_btf(void *ctx)
{
	struct task_struct *t = bpf_get_current_task_btf();
	u64 *v = bpf_task_storage_get(&seen, t, 0, BPF_LOCAL_STORAGE_GET_F_CREATE);

	if (v)
		(*v)++;
	return 0;
}

/* EXPECT-VERDICT: rejected — the same task as a plain number */
SEC("kprobe/do_nanosleep")
int task_scalar(void *ctx)
{
	struct task_struct *t = (void *)bpf_get_current_task(); // EXPECT: current-task
	u64 *v = bpf_task_storage_get(&seen, t, 0, BPF_LOCAL_STORAGE_GET_F_CREATE);

	if (v)
		(*v)++;
	return 0;
}

/* EXPECT-VERDICT: rejected — an mm_struct where a task_struct is wanted */
SEC("kprobe/do_nanosleep")
int task_wrong_struct(void *ctx)
{
	struct task_struct *t = bpf_get_current_task_btf();

	bpf_task_storage_delete(&seen, (struct task_struct *)t->mm);
	return 0;
}

/* EXPECT-VERDICT: accepted — the group leader, walked from the current task */
SEC("kprobe/do_nanosleep")
int task_walked(void *ctx)
{
	struct task_struct *t = bpf_get_current_task_btf();

	bpf_task_storage_delete(&seen, t->group_leader);
	return 0;
}
