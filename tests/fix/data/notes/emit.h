/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A perf-buffer output shared by two programs: its fix needs the reader
 * changed too, so bpf-fix only notes it, once for the header, not once
 * per unit that includes it.
 */
#ifndef NOTES_EMIT_H
#define NOTES_EMIT_H

struct event {
	__u32 pid;
	__u32 cpu;
};

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, sizeof(__u32));
} events SEC(".maps");

static void emit(void *ctx)
{
	struct event e = { .pid = bpf_get_current_pid_tgid() >> 32,
			   .cpu = bpf_get_smp_processor_id() };

	bpf_perf_event_output(ctx, &events, BPF_F_CURRENT_CPU, &e, sizeof(e));
}

#endif
