// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

/* A struct nested inside a kernel struct (dentry->d_name). */
SEC("kprobe/vfs_unlink")
int unlink_name(struct pt_regs *ctx)
{
	struct dentry *d = (struct dentry *)PT_REGS_PARM3(ctx);
	struct qstr name;
	char buf[32];

	bpf_probe_read(&name, sizeof(name), &d->d_name); // EXPECT: probe-read "kernel"
	bpf_probe_read_kernel_str(buf, sizeof(buf), name.name);
	bpf_printk("unlink %s", buf);
	return 0;
}
