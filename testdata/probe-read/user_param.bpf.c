// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

/* The kernel's __user, as clang-built kernels carry it in BTF. */
#define __user __attribute__((btf_type_tag("user")))

/* The __user type travels through a helper's parameter. */
static int copy_arg(void *dst, int len, const void __user *src)
{
	return bpf_probe_read(dst, len, src); // EXPECT: probe-read "bpf_probe_read_user()"
}

SEC("kprobe/__x64_sys_nanosleep")
int sleep_req(struct pt_regs *ctx)
{
	struct pt_regs *regs = (struct pt_regs *)PT_REGS_PARM1(ctx);
	const void __user *req = (const void __user *)BPF_CORE_READ(regs, di);
	long ts[2];

	if (copy_arg(ts, sizeof(ts), req) == 0)
		bpf_printk("sleep %ld s", ts[0]);
	return 0;
}
