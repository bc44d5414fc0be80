// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "emit.h"

char LICENSE[] SEC("license") = "GPL";

SEC("kprobe/do_sys_open")
int on_b(void *ctx)
{
	emit(ctx);
	return 0;
}
