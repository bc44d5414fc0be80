// SPDX-License-Identifier: GPL-2.0-only
// LINT-ARGS: --rules=unstable-attach
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

SEC("fexit/do_unlinkat") // EXPECT+1: unstable-attach "fexit"
int BPF_PROG(unlink_exit, int dfd, struct filename *name, long ret)
{
	return ret < 0;
}
