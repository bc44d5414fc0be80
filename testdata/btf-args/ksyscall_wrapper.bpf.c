// SPDX-License-Identifier: GPL-2.0
/*
 * BPF_KSYSCALL reads its arguments one way or another depending on the
 * .kconfig extern LINUX_HAS_SYSCALL_WRAPPER, which libbpf sets from a
 * probe of the host (can a kprobe on __<arch>_sys_bpf be made?); the
 * verifier walks only the branch that value leaves. EXPECT-VERDICT says
 * what the 6.18 verifier answers; counts are checked against the kernel.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 64);
	__type(key, u32);
	__type(value, u64);
} kills SEC(".maps");

/* EXPECT-VERDICT: accepted — the wrapper branch libbpf's probe picks */
SEC("ksyscall/kill")
int BPF_KSYSCALL(on_kill, pid_t pid, int sig)
{
	u32 key = pid;
	u64 v = sig;

	bpf_map_update_elem(&kills, &key, &v, BPF_ANY);
	return 0;
}
