/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * loops.c: SCC visits (6.17+). While a loop is being explored and has
 * seen a convergence hit, its fully explored states may still lack
 * precision marks, so they are compared with RANGE_WITHIN; when the
 * loop's entry checkpoint finishes, precision is carried around the
 * recorded backedges to a fixpoint.
 */
#include <errno.h>
#include <stdlib.h>
#include "verifier-model/env.h"
#include "verifier-model/precision.h"
#include "verifier-model/loops.h"

#define MAX_BACKEDGE_ITERS 64

struct vm_backedge {
	struct vm_state *st;
	const struct vm_state *equal;
	struct vm_backedge *next;
};

struct vm_scc_visit {
	struct vm_state *entry;
	struct vm_backedge *backedges;
};

/*
 * compute_scc_callchain: the loop a state belongs to is the first one met
 * walking its frames outwards-in (a callee called from inside a loop is
 * part of that loop's visit). Visits are keyed by SCC id alone.
 */
static struct vm_scc_visit *visit_of(struct vm_env *env, const struct vm_state *st)
{
	if (!env->visits)
		return NULL;
	for (int f = 0; f <= st->curframe; f++) {
		int insn = f == st->curframe ? st->insn_idx : st->frame[f + 1]->callsite;

		if (insn < 0 || (size_t)insn >= env->cfg.n)
			return NULL;
		if (env->cfg.scc[insn] > 0)
			return &env->visits[env->cfg.scc[insn]];
	}
	return NULL;
}

void vm_scc_enter(struct vm_env *env, struct vm_state *st)
{
	struct vm_scc_visit *v = visit_of(env, st);

	if (v && !v->entry)
		v->entry = st;
}

static void propagate_backedges(struct vm_env *env, struct vm_scc_visit *v)
{
	struct vm_state *saved = env->cur;
	int i;

	for (i = 0; i < MAX_BACKEDGE_ITERS; i++) {
		long before = env->precise_marks;

		for (struct vm_backedge *b = v->backedges; b; b = b->next) {
			env->cur = b->st;
			vm_propagate_precision(env, b->equal);
		}
		if (env->precise_marks == before)
			break;
	}
	if (i == MAX_BACKEDGE_ITERS)
		for (struct vm_backedge *b = v->backedges; b; b = b->next)
			vm_mark_all_precise(env, b->st);
	env->cur = saved;
}

static void free_backedges(struct vm_env *env, struct vm_scc_visit *v)
{
	while (v->backedges) {
		struct vm_backedge *b = v->backedges;

		v->backedges = b->next;
		vm_env__free(env, b->st);
		free(b);
		env->n_backedges--;
	}
}

void vm_scc_exit(struct vm_env *env, struct vm_state *st)
{
	struct vm_scc_visit *v = visit_of(env, st);

	if (!v || v->entry != st)
		return;
	if (v->backedges)
		propagate_backedges(env, v);
	free_backedges(env, v);
	v->entry = NULL;
}

bool vm_scc_range_within(struct vm_env *env, const struct vm_state *old)
{
	struct vm_scc_visit *v = visit_of(env, old);

	return v && v->entry && v->backedges;
}

int vm_scc_add_backedge(struct vm_env *env, const struct vm_state *old)
{
	struct vm_scc_visit *v = visit_of(env, old);
	struct vm_backedge *b;

	if (!v || !v->entry)
		return 0;
	b = malloc(sizeof(*b));
	if (!b)
		return vm_env__limit(env, "model: out of memory");
	b->st = vm_env__copy(env, env->cur);
	if (!b->st) {
		free(b);
		return -ENOMEM;
	}
	b->st->insn_idx = old->insn_idx;
	b->equal = old;
	b->next = v->backedges;
	v->backedges = b;
	env->n_backedges++;
	vm_env__update_peak(env);
	return 0;
}

int vm_scc_init(struct vm_env *env)
{
	env->visits = calloc(env->cfg.n + 1, sizeof(*env->visits));
	return env->visits ? 0 : -ENOMEM;
}

void vm_scc_reset(struct vm_env *env)
{
	if (!env->visits)
		return;
	for (size_t i = 0; i <= env->cfg.n; i++) {
		free_backedges(env, &env->visits[i]);
		env->visits[i].entry = NULL;
	}
}

void vm_scc_free(struct vm_env *env)
{
	vm_scc_reset(env);
	free(env->visits);
	env->visits = NULL;
}
