// SPDX-License-Identifier: GPL-2.0-only
/*
 * stack_extra.c: the depth the kernel reports for an accepted program
 * includes the stack its rewrites after verification take (verifier.c:
 * update_loop_inline_state, optimize_bpf_loop, do_misc_fixups). Measured
 * on 6.18.44-fc-v1272: a bpf_loop inlined adds 24 bytes plus the round-up
 * of the depth to 8, may_goto 16 (testdata/model-verdicts/stack_extra).
 */
#include <errno.h>
#include <stdlib.h>
#include "verifier-model/env.h"
#include "verifier-model/insn.h"
#include "verifier-model/precision.h"
#include "verifier-model/release.h"
#include "verifier-model/scalar.h"
#include "verifier-model/stack_extra.h"

enum { LOOP_UNSEEN, LOOP_FIT, LOOP_NOT_FIT };

/* per insn, what verification saw there */
struct vm_stack_extra {
	int cb;            /* bpf_loop: the callback of its first visit */
	uint8_t loop;      /* LOOP_* */
	bool may_goto;     /* a may_goto the verifier reached */
	bool entered;      /* a subprogram's first insn: verified */
};

static struct vm_stack_extra *insn_extra(struct vm_env *env, size_t idx)
{
	if (!env->stack_extra)
		env->stack_extra = calloc(env->prog->n_insns, sizeof(*env->stack_extra));
	if (!env->stack_extra) {
		vm_env__limit(env, "model: out of memory");
		return NULL;
	}
	return &env->stack_extra[idx];
}

int vm_stack_extra_loop_call(struct vm_env *env, int cb)
{
	const struct vm_reg *r4 = vm_env__reg(env, 4);
	struct vm_stack_extra *x = insn_extra(env, (size_t)env->insn_idx);
	bool zero = r4->type == VM_SCALAR && scalar_is_const(&r4->s) &&
		    scalar_const_value(&r4->s) == 0;

	if (!x)
		return -ENOMEM;
	/* loop_flag_is_zero: the flags decide the inlining, so they are precise */
	if (zero && vm_mark_precise(env, 4))
		return -EACCES;
	if (x->loop == LOOP_UNSEEN) {
		x->loop = zero ? LOOP_FIT : LOOP_NOT_FIT;
		x->cb = cb;
	} else if (x->loop == LOOP_FIT && (!zero || x->cb != cb)) {
		x->loop = LOOP_NOT_FIT;
	}
	return 0;
}

void vm_stack_extra_may_goto(struct vm_env *env)
{
	struct vm_stack_extra *x = insn_extra(env, (size_t)env->insn_idx);

	if (x)
		x->may_goto = true;
}

void vm_stack_extra_enter(struct vm_env *env, int subprog)
{
	struct vm_stack_extra *x = insn_extra(env, env->prog->subprogs[subprog].start);

	if (x)
		x->entered = true;
}

bool vm_stack_extra_dead(const struct vm_env *env, size_t subprog)
{
	return subprog && env->stack_extra &&
	       !env->stack_extra[env->prog->subprogs[subprog].start].entered;
}

void vm_stack_extra_apply(struct vm_env *env)
{
	const struct vm_prog *p = env->prog;
	int may_goto = vm_release_has(env->opt->kernel, VM_FEAT_TIMED_MAY_GOTO) ? 16 : 8;

	for (size_t s = 0; env->stack_extra && s < p->n_subprogs; s++) {
		const struct vm_subprog *sp = &p->subprogs[s];
		bool loop = false, jcond = false;

		for (size_t i = sp->start; i < sp->start + sp->len && i < p->n_insns; i++) {
			loop |= env->stack_extra[i].loop == LOOP_FIT;
			jcond |= env->stack_extra[i].may_goto;
		}
		/* optimize_bpf_loop spills R6-R8 below the depth rounded up to 8 */
		if (loop)
			env->stack_depth[s] = ((env->stack_depth[s] + 7) & ~7) + 24;
		if (jcond)
			env->stack_depth[s] += may_goto;
	}
}

void vm_stack_extra_free(struct vm_env *env)
{
	free(env->stack_extra);
	env->stack_extra = NULL;
}
