// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

/* A raw register value: its type says nothing about the address space. */
SEC("kprobe/do_nanosleep")
int raw(struct pt_regs *ctx)
{
	u64 v = 0;

	bpf_probe_read(&v, sizeof(v), (void *)PT_REGS_PARM1(ctx)); // EXPECT: probe-read "or bpf_probe_read_user()"
	return v != 0;
}
