// SPDX-License-Identifier: GPL-2.0
/*
 * A CO-RE read of a field this kernel does not have: libbpf poisons the
 * instruction ("call 0xbad2310"), and the verifier refuses the program
 * only if that instruction is reachable (tracee guards such reads by
 * kernel version). EXPECT-VERDICT says what 6.18 answers (measured);
 * tests/model/btf_args.py checks the model against it and the kernel.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

/* task_struct as an old kernel had it: a field 6.18 no longer has */
struct task_struct___old {
	long state_of_old_kernels;
} __attribute__((preserve_access_index));

/* EXPECT-VERDICT: rejected — the missing field is read */
SEC("kprobe/do_nanosleep")
int read_missing(void *ctx)
{
	struct task_struct___old *t = (void *)bpf_get_current_task(); // EXPECT: current-task

	return BPF_CORE_READ(t, state_of_old_kernels) > 0;
}

/* EXPECT-VERDICT: accepted — the read is dead code on this kernel */
SEC("kprobe/do_nanosleep")
int guard_missing(void *ctx)
{
	struct task_struct___old *t = (void *)bpf_get_current_task(); // EXPECT: current-task

	if (!bpf_core_field_exists(t->state_of_old_kernels))
		return 0;
	return BPF_CORE_READ(t, state_of_old_kernels) > 0;
}

/* mm_struct before 6.1 kept its VMA tree inside an anonymous struct; libbpf
 * matches fields by name through anonymous members on either side */
struct mm_struct___rbtree {
	struct {
		struct rb_root mm_rb;
	};
} __attribute__((preserve_access_index));

/* EXPECT-VERDICT: accepted — the guard (mm_rb, gone in 6.1) reads 0 */
SEC("kprobe/do_nanosleep")
int guard_anon_missing(void *ctx)
{
	struct task_struct___old *t = (void *)bpf_get_current_task(); // EXPECT: current-task
	struct mm_struct___rbtree *mm = (void *)BPF_CORE_READ((struct task_struct *)t, mm);

	if (!bpf_core_field_exists(mm->mm_rb))
		return 0;
	return BPF_CORE_READ(t, state_of_old_kernels) > 0;
}

struct task_struct___anon {
	struct {
		int pid;
	};
} __attribute__((preserve_access_index));

/* EXPECT-VERDICT: rejected — the guard (pid, in an anonymous struct here) reads 1 */
SEC("kprobe/do_nanosleep")
int guard_anon_present(void *ctx)
{
	struct task_struct___old *t = (void *)bpf_get_current_task(); // EXPECT: current-task
	struct task_struct___anon *a = (void *)t;

	if (!bpf_core_field_exists(a->pid))
		return 0;
	return BPF_CORE_READ(t, state_of_old_kernels) > 0;
}

/*
 * The shape of issue 17's tracee kprobe (6.18 refuses it at 48 insns; the
 * model accepted it at 494 before it poisoned such reads): the read comes
 * after a loop and a branch, so the processed count (21 on 6.18.44-fc-v1272,
 * model-btf-args holds the model to the live kernel's) tells whether the
 * walk stops where the kernel's stops, not only the verdict.
 */
/* EXPECT-VERDICT: rejected — the missing field is read after a loop and a branch */
/* EXPECT-MSG: invalid func unknown#195896080 */
SEC("kprobe/do_nanosleep")
int read_missing_late(void *ctx)
{
	struct task_struct___old *t = (void *)bpf_get_current_task(); // EXPECT: current-task
	__u64 id = bpf_get_current_pid_tgid();
	int sum = 0;

	for (int i = 0; i < 4; i++)
		sum += (id >> (i * 8)) & 0xff;
	if (sum > 100)
		return 0;
	return BPF_CORE_READ(t, state_of_old_kernels) + sum > 0;
}
