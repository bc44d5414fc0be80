// SPDX-License-Identifier: GPL-2.0-only
// LINT-ARGS: --rules=unstable-attach
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

/* A compiler clone: the name itself is an accident of the build. */
SEC("kprobe/tcp_sendmsg_locked.isra.0") // EXPECT+1: unstable-attach
int BPF_KPROBE(sendmsg_clone)
{
	return 0;
}
