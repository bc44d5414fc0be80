// SPDX-License-Identifier: GPL-2.0-only
// LINT-ARGS: --rules=unstable-attach
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

SEC("kretprobe/tcp_v4_connect") // EXPECT+1: unstable-attach "kretprobe on 'tcp_v4_connect'"
int BPF_KRETPROBE(connect_ret, int ret)
{
	return ret != 0;
}
