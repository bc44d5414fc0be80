// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

/* Kept as void * for raw offset arithmetic: not a task_struct pointer. */
SEC("kprobe/do_nanosleep")
int raw_read(struct pt_regs *ctx)
{
	void *t = (void *)bpf_get_current_task();
	u64 word = 0;

	bpf_probe_read_kernel(&word, sizeof(word), t + 8);
	return word != 0;
}
