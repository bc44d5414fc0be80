// SPDX-License-Identifier: GPL-2.0-only
// LINT-ARGS: --rules=unstable-attach
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

SEC("kprobe/do_exit") // EXPECT+1: unstable-attach "tracepoint"
int BPF_KPROBE(on_exit, long code)
{
	bpf_printk("exit %ld", code);
	return 0;
}
