// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

// LINT-ARGS: --rules=-current-task
char LICENSE[] SEC("license") = "GPL";

SEC("tracepoint/syscalls/sys_enter_openat")
int openat(void *ctx)
{
	struct task_struct *task = (struct task_struct *)bpf_get_current_task();
	struct mm_struct *mm;
	struct file *exe;
	unsigned long ino = 0;
	struct inode *inode;

	bpf_probe_read_kernel(&mm, sizeof(mm), &task->mm); // EXPECT: core-read-chain "4 bpf_probe_read_kernel() calls"
	bpf_probe_read_kernel(&exe, sizeof(exe), &mm->exe_file);
	bpf_probe_read_kernel(&inode, sizeof(inode), &exe->f_inode);
	bpf_probe_read_kernel(&ino, sizeof(ino), &inode->i_ino);
	return ino & 1;
}
