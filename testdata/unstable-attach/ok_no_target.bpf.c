// SPDX-License-Identifier: GPL-2.0-only
// LINT-ARGS: --rules=unstable-attach
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

/* No target in the section: user space picks it (bpf_program__set_attach_target). */
SEC("fentry")
int BPF_PROG(generic_entry)
{
	return 0;
}
