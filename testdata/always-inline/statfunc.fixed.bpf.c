// SPDX-License-Identifier: GPL-2.0-only
/* A project macro hiding the attribute (tracee's statfunc): fixed at the definition. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define statfunc static

char LICENSE[] SEC("license") = "GPL";

__u64 seen_pids[64];

statfunc __u32 pid_slot(__u64 pid_tgid) // EXPECT: always-inline col=1 "through macro 'statfunc'"
{
	return (__u32)(pid_tgid >> 32) & 63;
}

statfunc void remember(__u64 pid_tgid) // EXPECT: always-inline col=1
{
	seen_pids[pid_slot(pid_tgid)] = pid_tgid;
}

SEC("tracepoint/sched/sched_process_exec")
int on_exec(void *ctx)
{
	remember(bpf_get_current_pid_tgid());
	remember(0);
	return 0;
}
