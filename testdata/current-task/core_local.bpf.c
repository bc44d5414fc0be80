// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

char LICENSE[] SEC("license") = "GPL";

/* A CO-RE record of the kernel's task_struct written out by hand (no
 * vmlinux.h): preserve_access_index makes it the kernel's type. */
struct task_struct {
	int tgid;
} __attribute__((preserve_access_index));

SEC("kprobe/do_nanosleep")
int core_tgid(void *ctx)
{
	struct task_struct *t = (struct task_struct *)bpf_get_current_task(); // EXPECT: current-task

	return BPF_CORE_READ(t, tgid);
}
