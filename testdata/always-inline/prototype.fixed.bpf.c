// SPDX-License-Identifier: GPL-2.0-only
/* Declared forced-inline once, defined without: the declaration is where it is written. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

static int is_interesting(__u32 pid); // EXPECT: always-inline

__u32 hits;

SEC("tracepoint/syscalls/sys_enter_execve")
int on_execve(void *ctx)
{
	if (is_interesting(bpf_get_current_pid_tgid() >> 32))
		hits++;
	if (is_interesting(bpf_get_current_pid_tgid()))
		hits++;
	return 0;
}

static int is_interesting(__u32 pid)
{
	return pid > 1;
}
