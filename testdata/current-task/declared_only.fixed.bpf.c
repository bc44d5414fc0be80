// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

/* Only declared, as bpf_helper_defs.h does: the name is the kernel's
 * task_struct (the one kfuncs and task storage take). */
struct task_struct;

SEC("kprobe/do_nanosleep")
int opaque(void *ctx)
{
	struct task_struct *t = bpf_get_current_task_btf(); // EXPECT: current-task

	return t != 0;
}
