/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fastcall.c: the kernel's mark_fastcall_patterns, check_fastcall_stack_contract
 * and the depth part of remove_fastcall_spills_fills (verifier.c, 6.12+).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>
#include "verifier-model/env.h"
#include "verifier-model/fastcall.h"
#include "verifier-model/insn.h"
#include "verifier-model/release.h"

#define CALLER_SAVED 0x3fu     /* r0-r5 */

/*
 * The registers a fastcall function clobbers (r0 and its arguments), or
 * all caller-saved ones when the call is none; *inlined: the kernel
 * inlines it (x86-64 JIT: all three are).
 */
static unsigned clobbers(const struct vm_env *env, size_t i, bool *inlined)
{
	const struct bpf_insn *x = &env->prog->insns[i];
	const char *name;

	*inlined = true;
	if (vm_insn_is_helper_call(x))
		return x->imm == BPF_FUNC_get_smp_processor_id ? 0x1u : CALLER_SAVED;
	if (!vm_insn_is_kfunc_call(x) || !env->prog->refs ||
	    env->prog->refs[i].kind != VM_REF_KFUNC ||
	    !vm_release_has(env->opt->kernel, VM_FEAT_FASTCALL_KFUNCS))
		return CALLER_SAVED;
	name = env->prog->refs[i].name;
	if (name && !strcmp(name, "bpf_cast_to_kern_ctx"))
		return 0x3u;
	if (name && !strcmp(name, "bpf_rdonly_cast"))
		return 0x7u;
	return CALLER_SAVED;
}

/* mark_fastcall_pattern_for_call: spill/fill pairs at lowest_off upwards. */
static void mark_call(struct vm_env *env, int sub, size_t call, int16_t lowest_off)
{
	const struct bpf_insn *insns = env->prog->insns;
	struct vm_fastcall *fc = &env->fastcall;
	bool inlined;
	unsigned expected = ~clobbers(env, call, &inlined) & CALLER_SAVED;
	int16_t off = lowest_off;
	size_t i;

	if (!expected)
		return;
	for (i = 1; i <= 6; i++, off += 8) {
		const struct bpf_insn *stx, *ldx;

		if (call < i || call + i >= env->prog->n_insns)
			break;
		stx = &insns[call - i];
		ldx = &insns[call + i];
		if (stx->code != (BPF_STX | BPF_MEM | BPF_DW) ||
		    ldx->code != (BPF_LDX | BPF_MEM | BPF_DW) ||
		    stx->dst_reg != VM_REG_FP || ldx->src_reg != VM_REG_FP ||
		    stx->src_reg != ldx->dst_reg || !(expected >> stx->src_reg & 1) ||
		    stx->off != off || ldx->off != off)
			break;
		expected &= ~(1u << stx->src_reg);
		fc->pattern[call - i] = fc->pattern[call + i] = 1;
	}
	if (i == 1)
		return;
	if (inlined)
		fc->spills[call] = (uint8_t)(i - 1);
	else
		fc->keep[sub] = true;
	if (off < fc->stack_off[sub])
		fc->stack_off[sub] = off;
}

int vm_fastcall_init(struct vm_env *env)
{
	const struct vm_prog *p = env->prog;
	struct vm_fastcall *fc = &env->fastcall;

	if (!vm_release_has(env->opt->kernel, VM_FEAT_FASTCALL))
		return 0;
	fc->stack_off = calloc(p->n_subprogs, sizeof(*fc->stack_off));
	fc->keep = calloc(p->n_subprogs, sizeof(*fc->keep));
	fc->pattern = calloc(p->n_insns, 1);
	fc->spills = calloc(p->n_insns, 1);
	if (!fc->stack_off || !fc->keep || !fc->pattern || !fc->spills)
		return -ENOMEM;
	for (size_t s = 0; s < p->n_subprogs; s++) {
		const struct vm_subprog *sp = &p->subprogs[s];
		size_t end = sp->start + sp->len < p->n_insns ? sp->start + sp->len : p->n_insns;
		int16_t lowest = 0;

		for (size_t i = sp->start; i < end; i++)
			if (p->insns[i].code == (BPF_STX | BPF_MEM | BPF_DW) &&
			    p->insns[i].dst_reg == VM_REG_FP && p->insns[i].off < lowest)
				lowest = p->insns[i].off;
		for (size_t i = sp->start; i < end; i++)
			if (p->insns[i].code == (BPF_JMP | BPF_CALL))
				mark_call(env, (int)s, i, lowest);
	}
	return 0;
}

void vm_fastcall_free(struct vm_env *env)
{
	free(env->fastcall.stack_off);
	free(env->fastcall.keep);
	free(env->fastcall.pattern);
	free(env->fastcall.spills);
	memset(&env->fastcall, 0, sizeof(env->fastcall));
}

void vm_fastcall_access(struct vm_env *env, int frameno, int insn, int off)
{
	struct vm_fastcall *fc = &env->fastcall;
	int sub = env->cur->frame[frameno]->subprog;
	const struct vm_subprog *sp;

	if (!fc->stack_off || sub < 0 || fc->stack_off[sub] <= off ||
	    (insn >= 0 && fc->pattern[insn]))
		return;
	/* an access below the pattern area: no pair of this subprogram goes */
	fc->stack_off[sub] = INT16_MIN;
	sp = &env->prog->subprogs[sub];
	for (size_t i = sp->start; i < sp->start + sp->len && i < env->prog->n_insns; i++)
		fc->pattern[i] = fc->spills[i] = 0;
}

void vm_fastcall_fix_depths(struct vm_env *env)
{
	const struct vm_prog *p = env->prog;
	struct vm_fastcall *fc = &env->fastcall;

	if (!fc->stack_off)
		return;
	for (size_t s = 0; s < p->n_subprogs; s++) {
		const struct vm_subprog *sp = &p->subprogs[s];
		bool removed = false;

		for (size_t i = sp->start; i < sp->start + sp->len && i < p->n_insns; i++)
			removed |= fc->spills[i] > 0;
		if (removed && !fc->keep[s])
			env->stack_depth[s] = -fc->stack_off[s];
	}
}
