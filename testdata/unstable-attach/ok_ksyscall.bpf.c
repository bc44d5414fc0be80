// SPDX-License-Identifier: GPL-2.0-only
// LINT-ARGS: --rules=unstable-attach
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>

char LICENSE[] SEC("license") = "GPL";

/* libbpf resolves the arch-specific syscall entry. */
SEC("ksyscall/kill")
int BPF_KSYSCALL(on_kill, pid_t pid, int sig)
{
	return sig == 9;
}
