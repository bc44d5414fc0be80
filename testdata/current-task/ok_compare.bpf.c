// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

u64 watched_task;

/* Compared as an address: no pointer is made from it. */
SEC("kprobe/do_nanosleep")
int is_watched(struct pt_regs *ctx)
{
	if (bpf_get_current_task() == watched_task)
		bpf_printk("watched task sleeps");
	return 0;
}
