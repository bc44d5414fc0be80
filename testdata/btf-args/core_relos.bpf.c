// SPDX-License-Identifier: GPL-2.0
/*
 * CO-RE relocations the model applies against the kernel's BTF before
 * walking: field/type existence checks (their constant decides which
 * branch the verifier walks) and field offsets of a "___flavour" struct
 * declaring only some members. EXPECT-VERDICT says what the 6.18
 * verifier answers; tests/model/btf_args.py checks verdicts and counts.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>

char LICENSE[] SEC("license") = "GPL";

/* a field no kernel has, and a task_struct holding only two real members */
struct task_struct___gone {
	long no_such_field;
};

struct task_struct___two {
	int tgid;
	int pid;
};

struct type_not_in_any_kernel___x {
	int a;
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 64);
	__type(key, u32);
	__type(value, u64);
} seen SEC(".maps");

/* a macro, not a function: the count stays the walk of one body */
#define note(k, val)                                            \
	do {                                                    \
		u32 key_ = (k);                                 \
		u64 v_ = (val);                                 \
		bpf_map_update_elem(&seen, &key_, &v_, BPF_ANY); \
	} while (0)

/* EXPECT-VERDICT: accepted — the missing field's branch is never walked */
SEC("tp_btf/sched_wakeup")
int BPF_PROG(missing_field, struct task_struct *p)
{
	if (bpf_core_field_exists(((struct task_struct___gone *)p)->no_such_field)) {
		note(1, 1);
		note(2, 2);
		note(3, 3);
	}
	note(p->pid, 0);
	return 0;
}

/* EXPECT-VERDICT: accepted — a type the kernel lacks, a type it has */
SEC("tp_btf/sched_wakeup")
int BPF_PROG(types_exist, struct task_struct *p)
{
	if (bpf_core_type_exists(struct type_not_in_any_kernel___x))
		note(4, 4);
	if (bpf_core_type_exists(struct task_struct))
		note(5, 5);
	return 0;
}

/* EXPECT-VERDICT: accepted — flavour offsets are the kernel's offsets */
SEC("tp_btf/sched_wakeup")
int BPF_PROG(flavour_offsets, struct task_struct *p)
{
	struct task_struct___two *t = (void *)p;

	if (bpf_core_field_exists(t->pid))
		note(t->pid, t->tgid);
	return 0;
}

/* EXPECT-VERDICT: accepted — a bitfield's load keeps libbpf's aligned
 * offset: fin is bit 0 of byte 13 of struct tcphdr, read with a 2-byte
 * load at offset 12 (at 13 it is a misaligned stack access) */
SEC("tp_btf/sched_wakeup")
int BPF_PROG(bitfield_offset, struct task_struct *p)
{
	struct tcphdr th;

	if (bpf_probe_read_kernel(&th, sizeof(th), p))
		return 0;
	if (th.fin)
		note(6, th.doff);
	return 0;
}
