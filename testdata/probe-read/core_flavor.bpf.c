// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

/* A CO-RE local record (preserve_access_index) is a kernel type too. */
struct mm_struct___min {
	unsigned long start_stack;
} __attribute__((preserve_access_index));

SEC("kprobe/do_nanosleep")
int stack_top(struct pt_regs *ctx)
{
	struct task_struct *t = (struct task_struct *)bpf_get_current_task_btf();
	struct mm_struct___min *mm = (void *)BPF_CORE_READ(t, mm);
	unsigned long top = 0;

	bpf_probe_read(&top, sizeof(top), &mm->start_stack); // EXPECT: probe-read "kernel"
	return top != 0;
}
