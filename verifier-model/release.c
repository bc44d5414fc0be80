/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * release.c: the release each verifier feature the model imitates came
 * in. Dated from the kernel's history (merge windows of the patch sets)
 * and checked against Debian's 6.1 kernel in the VM where a program
 * shows the difference (testdata/verifier/kernel-6.1.tsv).
 */
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include "verifier-model/release.h"

static const struct {
	const char *name;
	unsigned since;
} features[VM_FEAT__COUNT] = {
	/* Nov 2022 precision series (6.2): checkpoints start imprecise, the
	 * current state is not marked, precision works with subprograms. */
	[VM_FEAT_CKPT_IMPRECISE] = { "ckpt_imprecise", VM_KVER(6, 1) },
	[VM_FEAT_PRECISE_CUR_CLEAN] = { "precise_cur_clean", VM_KVER(6, 1) },
	/* before: a backtrack reaching a call, exit or callback call marks
	 * every scalar of the path precise (seen in the 6.1 VM's log); the
	 * May 2023 series walks through frames (6.5: from the merge mails,
	 * only the 6.1 side is measured) */
	[VM_FEAT_PRECISE_SUBPROGS] = { "precise_subprogs", VM_KVER(6, 5) },
	/* before: only fp-based spills and fills carry precision (6.8) */
	[VM_FEAT_PRECISE_STACK_PTRS] = { "precise_stack_ptrs", VM_KVER(6, 8) },
	[VM_FEAT_LEAN_PRUNE] = { "lean_prune_points", VM_KVER(6, 3) },
	/* from the merge mails (Dec 2023), not measured */
	[VM_FEAT_JMP_HIST_CKPT] = { "jmp_history_checkpoint", VM_KVER(6, 8) },
	[VM_FEAT_ITER_NUM] = { "iter_num", KVER_ITER_NUM },
	[VM_FEAT_RCU_KFUNCS] = { "rcu_kfuncs", VM_KVER(6, 2) },
	[VM_FEAT_ISA_V4] = { "isa_v4", VM_KVER(6, 6) },
	[VM_FEAT_CB_CONVERGE] = { "callback_converge", VM_KVER(6, 8) },
	[VM_FEAT_ARG_TAGS] = { "arg_tags", KVER_ARG_TAGS },
	[VM_FEAT_MAY_GOTO] = { "may_goto", KVER_MAY_GOTO },
	/* March 2025 timed may_goto (6.15), from the merge mails; 6.18 measured */
	[VM_FEAT_TIMED_MAY_GOTO] = { "timed_may_goto", VM_KVER(6, 15) },
	[VM_FEAT_PRIVATE_STACK] = { "private_stack", KVER_PRIVATE_STACK },
	[VM_FEAT_PKT_CHANGE_CALLS] = { "pkt_change_calls", VM_KVER(6, 13) },
	[VM_FEAT_CONST_KEY_NONNULL] = { "const_key_nonnull", VM_KVER(6, 14) },
	/* Sep 2025 callchain-sensitive liveness series (6.18); before, read
	 * marks along the parent chain, which the static pass stands in for */
	[VM_FEAT_STACK_LIVENESS] = { "stack_liveness", VM_KVER(6, 18) },
	/* March 2025 "simple DFA-based live registers analysis" (6.15):
	 * compute_live_registers; a bpf-to-bpf call uses r1-r5 there */
	[VM_FEAT_LIVE_REGS_DFA] = { "live_regs_dfa", VM_KVER(6, 15) },
	/* June 2025: reg_not_null() takes CONST_PTR_TO_MAP (6.17, and the
	 * stable releases it was backported to) */
	[VM_FEAT_MAP_PTR_NONNULL] = { "map_ptr_nonnull", VM_KVER(6, 17) },
	/* July 2024 (6.11): linked scalars recorded at branches and marked
	 * precise together by backtracking (bt_sync_linked_regs) */
	[VM_FEAT_LINKED_REGS] = { "linked_regs", VM_KVER(6, 11) },
	/* Aug 2024 "no_caller_saved_registers" patterns, renamed bpf_fastcall
	 * (6.12); KF_FASTCALL kfuncs followed (6.13). Not measured before 6.18. */
	[VM_FEAT_FASTCALL] = { "fastcall", VM_KVER(6, 12) },
	[VM_FEAT_FASTCALL_KFUNCS] = { "fastcall_kfuncs", VM_KVER(6, 13) },
};

/* kfuncs by name prefix and the release that added them */
static const struct {
	const char *prefix;
	enum vm_feature feat;
} kfuncs[] = {
	{ "bpf_iter_num_", VM_FEAT_ITER_NUM },
	{ "bpf_rcu_read_", VM_FEAT_RCU_KFUNCS },
};

bool vm_release_has(unsigned kver, enum vm_feature f)
{
	if ((unsigned)f >= VM_FEAT__COUNT)
		return false;
	return !kver || kver >= features[f].since;
}

const char *vm_release_feature_name(enum vm_feature f)
{
	return (unsigned)f < VM_FEAT__COUNT ? features[f].name : "?";
}

bool vm_release_has_kfunc(unsigned kver, const char *name)
{
	for (size_t i = 0; name && i < sizeof(kfuncs) / sizeof(kfuncs[0]); i++)
		if (!strncmp(name, kfuncs[i].prefix, strlen(kfuncs[i].prefix)))
			return vm_release_has(kver, kfuncs[i].feat);
	return true;
}

bool vm_release_is_host(unsigned kver)
{
	struct utsname u;
	unsigned a = 0, b = 0;

	if (!kver)
		return true;
	if (uname(&u) || sscanf(u.release, "%u.%u", &a, &b) != 2)
		return false;
	return VM_KVER(a, b) == kver;
}
