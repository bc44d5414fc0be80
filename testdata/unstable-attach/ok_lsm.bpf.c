// SPDX-License-Identifier: GPL-2.0-only
// LINT-ARGS: --rules=unstable-attach
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

/* An LSM hook is the stable form of fmod_ret/security_*. */
SEC("lsm/file_open")
int BPF_PROG(check_open, struct file *file, int ret)
{
	return ret;
}
