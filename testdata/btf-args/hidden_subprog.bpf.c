// SPDX-License-Identifier: GPL-2.0
/*
 * A global function with hidden visibility (__hidden, as libbpf's
 * usdt.bpf.h declares bpf_usdt_arg): libbpf marks it static in BTF, so
 * the verifier checks it in its caller's context, where its pointer
 * argument is the caller's stack, not a maybe-NULL memory argument.
 * EXPECT-VERDICT says what the 6.18 verifier answers.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 64);
	__type(key, u32);
	__type(value, u64);
} seen SEC(".maps");

/* __hidden: static for the verifier, so bpf-lint has nothing to say here */
__noinline __hidden int fill(u32 key, u64 *out)
{
	*out = bpf_ktime_get_ns() + key;  /* no NULL check: the caller's stack */
	return 0;
}

__noinline int fill_global(u32 key, u64 *out) // EXPECT: global-func-signature
{
	*out = bpf_ktime_get_ns() + key;
	return 0;
}

/* EXPECT-VERDICT: accepted — the hidden function sees the caller's stack */
SEC("tp_btf/sched_wakeup")
int BPF_PROG(hidden_fill, struct task_struct *p)
{
	u32 key = p->pid;
	u64 v;

	fill(key, &v);
	bpf_map_update_elem(&seen, &key, &v, BPF_ANY);
	return 0;
}

/* EXPECT-VERDICT: rejected — a visible global function is checked alone */
SEC("tp_btf/sched_wakeup")
int BPF_PROG(global_fill, struct task_struct *p)
{
	u32 key = p->pid;
	u64 v = 0;

	fill_global(key, &v);
	bpf_map_update_elem(&seen, &key, &v, BPF_ANY);
	return 0;
}
