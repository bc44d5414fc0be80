// SPDX-License-Identifier: GPL-2.0-only
// LINT-ARGS: --rules=unstable-attach
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

/* Typed arguments make it worse: they change with the function. */
SEC("fentry/vfs_read") // EXPECT+1: unstable-attach
int BPF_PROG(on_read, struct file *file, char *buf, size_t count)
{
	return count > 4096;
}
