// SPDX-License-Identifier: GPL-2.0-only
// LINT-ARGS: --rules=unstable-attach
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

SEC("fmod_ret/security_file_open") // EXPECT+1: unstable-attach
int BPF_PROG(deny_open, struct file *file, int ret)
{
	return ret;
}
