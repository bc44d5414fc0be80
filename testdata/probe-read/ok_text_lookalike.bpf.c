// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

/* The name only in a string, a comment and a member: no call of the helper.
 * bpf_probe_read(&x, 4, p) would be found by a text matcher here. */
struct stats {
	long bpf_probe_read;
};

struct stats st;

SEC("kprobe/do_nanosleep")
int count(struct pt_regs *ctx)
{
	st.bpf_probe_read++;
	bpf_printk("bpf_probe_read(%d)", 1);
	return 0;
}
