// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

struct args {
	struct args *next;
	int val;
};

SEC("uprobe")
int user_list(struct pt_regs *ctx)
{
	struct args *a = (struct args *)PT_REGS_PARM1(ctx);
	struct args *n;
	int v;

	/* User memory, user struct: the look-alike with _user is not CO-RE. */
	bpf_probe_read_user(&n, sizeof(n), &a->next);
	bpf_probe_read_user(&v, sizeof(v), &n->val);
	return v;
}
