// SPDX-License-Identifier: GPL-2.0
/* Helper-heavy programs: probe_read, ring buffer, current task info,
 * time, random numbers, tail calls. */
#include <linux/bpf.h>
#include <linux/ptrace.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

struct event {
	__u64 ts, pid_tgid, uid_gid, rnd;
	char comm[16];
	__u64 arg;
};

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 4096);
} events SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PROG_ARRAY);
	__uint(max_entries, 2);
	__uint(key_size, 4);
	__uint(value_size, 4);
} jump SEC(".maps");

SEC("kprobe/do_nanosleep")
int probe_events(struct pt_regs *ctx)
{
	struct event *e = bpf_ringbuf_reserve(&events, sizeof(*e), 0);
	__u64 arg = 0;

	if (!e)
		return 0;
	bpf_probe_read_kernel(&arg, sizeof(arg), (void *)PT_REGS_PARM1(ctx));
	e->ts = bpf_ktime_get_ns();
	e->pid_tgid = bpf_get_current_pid_tgid();
	e->uid_gid = bpf_get_current_uid_gid();
	e->rnd = bpf_get_prandom_u32();
	e->arg = arg;
	bpf_get_current_comm(e->comm, sizeof(e->comm));
	bpf_ringbuf_submit(e, 0);
	return 0;
}

SEC("kprobe/do_nanosleep")
int tail_caller(struct pt_regs *ctx)
{
	bpf_tail_call(ctx, &jump, bpf_get_prandom_u32() & 1);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
