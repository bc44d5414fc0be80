// SPDX-License-Identifier: GPL-2.0-only
/*
 * Forced inline on the prototype and on the definition (issue 19 saw the
 * same finding twice): one finding, at the definition, and its fix drops
 * both, since the prototype's attribute alone would keep the inlining.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

static int score(__u32 pid);

__u32 hits;

SEC("tracepoint/syscalls/sys_enter_execve")
int on_execve(void *ctx)
{
	__u32 p = bpf_get_current_pid_tgid();

	hits += score(p) + score(p >> 8);
	return 0;
}

static int score(__u32 pid) // EXPECT: always-inline
{
	return pid > 1;
}
