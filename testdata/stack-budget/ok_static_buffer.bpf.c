// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

/* A 400-byte buffer declared static lives in .bss, not on the stack. */
__noinline int log_it(__u64 p)
{
	static char line[400];

	bpf_probe_read_kernel(line, sizeof(line), (void *)p);
	return line[0];
}

SEC("kprobe/do_sys_open")
int caller(void *ctx)
{
	char name[200];

	bpf_get_current_comm(name, sizeof(name));
	return log_it(name[0]);
}
