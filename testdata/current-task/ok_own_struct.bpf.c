// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

/* The program's own record that happens to be called task_struct (no
 * vmlinux.h, no preserve_access_index): not the kernel's type, so
 * bpf_get_current_task_btf() would not describe it. */
struct task_struct {
	__u32 pid;
	__u32 flags;
};

SEC("kprobe/do_nanosleep")
int own_layout(void *ctx)
{
	struct task_struct *t = (struct task_struct *)bpf_get_current_task();
	__u32 pid = 0;

	bpf_probe_read_kernel(&pid, sizeof(pid), &t->pid);
	return pid;
}
