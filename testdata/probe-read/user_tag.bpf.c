// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

/* The kernel's __user, as clang-built kernels carry it in BTF. */
#define __user __attribute__((btf_type_tag("user")))

/* A pathname from user space, typed __user: the _user variant. */
SEC("kprobe/do_sys_openat2")
int open_name(struct pt_regs *ctx)
{
	const char __user *fname = (const char __user *)PT_REGS_PARM2(ctx);
	char buf[64];

	bpf_probe_read_str(buf, sizeof(buf), fname); // EXPECT: probe-read "bpf_probe_read_user_str()"
	bpf_printk("open %s", buf);
	return 0;
}
