// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

/* Already split, user side. */
SEC("kprobe/do_sys_openat2")
int open_name(struct pt_regs *ctx)
{
	char buf[64];

	bpf_probe_read_user_str(buf, sizeof(buf), (void *)PT_REGS_PARM2(ctx));
	bpf_printk("open %s", buf);
	return 0;
}
