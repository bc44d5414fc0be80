/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * explore.c: the model's do_check. Depth-first exploration with a stack
 * of pending branch states, insn_processed counted as the kernel counts
 * it, checkpoints at prune points (is_state_visited) with the kernel's
 * creation heuristics, branches accounting and eviction.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "verifier-model/explore.h"
#include "verifier-model/stack_live.h"
#include "verifier-model/release.h"
#include "verifier-model/insn.h"
#include "verifier-model/exec.h"
#include "verifier-model/branch.h"
#include "verifier-model/memcheck.h"
#include "verifier-model/calls.h"
#include "verifier-model/subprog.h"
#include "verifier-model/precision.h"
#include "verifier-model/loops.h"
#include "verifier-model/trace.h"

static void free_or_keep(struct vm_env *env, struct vm_state *st)
{
	/* an evicted state goes once nothing below it is being explored */
	if (st->evicted && !st->branches && !st->in_list && !env->n_backedges) {
		struct vm_state **pp = &env->free_list;

		while (*pp && *pp != st)
			pp = &(*pp)->next;
		if (*pp) {
			*pp = st->next;
			env->freed_pending--;
			vm_env__free(env, st);
		}
	}
}

/* A path ended: walk up the checkpoints whose last descendant this was. */
static void update_branch_counts(struct vm_env *env, struct vm_state *st)
{
	while (st) {
		struct vm_state *parent = st->parent;

		if (st->branches)
			st->branches--;
		if (st->branches)
			break;
		if (st->is_ckpt) {
			vm_scc_exit(env, st);
			free_or_keep(env, st);
		}
		st = parent;
	}
}

static int pop_stack(struct vm_env *env)
{
	struct vm_pending p;

	if (!env->nstack)
		return -ENOENT;
	p = env->stack[--env->nstack];
	vm_env__free(env, env->cur);
	env->cur = p.st;
	env->insn_idx = p.insn;
	env->prev_insn_idx = p.prev;
	return 0;
}

static size_t bucket_of(struct vm_env *env, const struct vm_state *st, int insn)
{
	return ((size_t)insn ^ (size_t)(uint32_t)st->frame[st->curframe]->callsite) %
	       env->prog->n_insns;
}

static bool same_callsites(const struct vm_state *a, const struct vm_state *b)
{
	if (a->curframe != b->curframe)
		return false;
	for (int i = a->curframe; i >= 0; i--)
		if (a->frame[i]->callsite != b->frame[i]->callsite)
			return false;
	return true;
}

/* Registers live in each frame of st at its insn (the kernel's frame_insn_idx). */
static void live_masks(struct vm_env *env, const struct vm_state *st, int insn, uint16_t *m)
{
	for (int i = 0; i <= st->curframe; i++) {
		int at = i == st->curframe ? insn : st->frame[i + 1]->callsite;

		m[i] = (at >= 0 && (size_t)at < env->cfg.n) ? env->cfg.live_regs[at] : 0xffff;
		if (i < st->curframe)
			m[i] &= ~0x3fu;  /* r0-r5 of a caller are clobbered by the call */
	}
}

static bool slot_live(void *ctx, const struct vm_state *st, int fr, int spi)
{
	struct vm_env *env = ctx;
	int at = fr == st->curframe ? st->insn_idx : st->frame[fr + 1]->callsite;

	if (spi >= 64 || at < 0 || (size_t)at >= env->cfg.n)
		return true;
	if (vm_live_enabled(env))
		return !st->cleaned || (st->frame[fr]->live_slots >> spi & 1);
	return env->cfg.live_stack[at] >> spi & 1;
}

static bool states_equal(struct vm_env *env, const struct vm_state *old,
			 const struct vm_state *cur, enum vm_cmp_mode mode)
{
	uint16_t live[VM_MAX_FRAMES];

	live_masks(env, cur, env->insn_idx, live);
	return vm_states_equal(old, cur, mode, live,
			       old->branches && !vm_live_enabled(env) ? NULL : slot_live, env);
}

static bool states_maybe_looping(const struct vm_state *old, const struct vm_state *cur)
{
	const struct vm_frame *a = old->frame[old->curframe], *b = cur->frame[cur->curframe];

	if (old->curframe != cur->curframe)
		return false;
	for (int i = 0; i < VM_MAX_REG; i++) {
		const struct vm_reg *x = &a->regs[i], *y = &b->regs[i];

		if (x->type != y->type || x->off != y->off || x->id != y->id ||
		    !scalar_equal(&x->s, &y->s) || x->map != y->map || x->range != y->range)
			return false;
	}
	return true;
}

static bool iter_depths_differ(const struct vm_state *old, const struct vm_state *cur)
{
	for (int f = 0; f <= old->curframe; f++) {
		const struct vm_frame *a = old->frame[f], *b = cur->frame[f];

		for (int s = 0; s < a->nslots && s < b->nslots; s++)
			if (a->slots[s].type[0] == VM_SLOT_ITER &&
			    a->slots[s].iter_state == VM_ITER_ACTIVE &&
			    a->slots[s].iter_depth != b->slots[s].iter_depth)
				return true;
	}
	return false;
}

static bool iter_r1_active(struct vm_env *env)
{
	int spi;
	struct vm_slot *s = vm_stack_slot(env, vm_env__reg(env, 1), 0, &spi);

	return s && s->type[0] == VM_SLOT_ITER && s->iter_state == VM_ITER_ACTIVE;
}



static void evict(struct vm_env *env, struct vm_state *sl, struct vm_state **pp)
{
	*pp = sl->next;
	sl->in_list = false;
	sl->evicted = true;
	env->explored--;
	sl->next = env->free_list;
	env->free_list = sl;
	env->freed_pending++;
	free_or_keep(env, sl);
}

/* What comparing the current state with one checkpoint found. */
enum ckpt_match {
	CKPT_MISS,         /* not equivalent */
	CKPT_MISS_LOOPING, /* not equivalent, and the checkpoint is still being explored */
	CKPT_HIT,          /* equivalent: the current path is pruned */
	CKPT_LOOP_HIT,     /* equivalent within a loop (ranges, not exact values) */
	CKPT_REJECT,       /* the same state again on a path that never left: a loop */
};

/*
 * sl is still being explored (it has live branches), so reaching it again
 * means a loop: iterators, may_goto and callbacks converge when the state is
 * within sl's ranges; anything else repeating exactly is an infinite loop.
 */
static enum ckpt_match match_looping(struct vm_env *env, struct vm_state *sl, int insn,
				     uint8_t fl)
{
	struct vm_state *cur = env->cur;

	if (fl & VM_CFG_ITER_NEXT)
		return states_equal(env, sl, cur, VM_RANGE_WITHIN) && iter_r1_active(env) ?
		       CKPT_LOOP_HIT : CKPT_MISS_LOOPING;
	if (vm_insn_is_may_goto(&env->prog->insns[insn]) &&
	    sl->may_goto_depth != cur->may_goto_depth &&
	    states_equal(env, sl, cur, VM_RANGE_WITHIN))
		return CKPT_LOOP_HIT;
	if (fl & VM_CFG_CALLS_CB)
		return states_equal(env, sl, cur, VM_RANGE_WITHIN) ? CKPT_LOOP_HIT
								   : CKPT_MISS_LOOPING;
	if (states_maybe_looping(sl, cur) && states_equal(env, sl, cur, VM_EXACT) &&
	    !iter_depths_differ(sl, cur) && sl->may_goto_depth == cur->may_goto_depth &&
	    sl->callback_unroll_depth == cur->callback_unroll_depth)
		return CKPT_REJECT;
	return CKPT_MISS_LOOPING;
}

/*
 * clean_live_states: finished checkpoints at insn (no branches left, not in
 * a loop still being explored) forget their dead stack slots, once.
 */
static int clean_live_states(struct vm_env *env, int insn, size_t b)
{
	for (struct vm_state *sl = env->buckets[b]; sl; sl = sl->next) {
		if (sl->branches || sl->cleaned || sl->insn_idx != insn ||
		    !same_callsites(sl, env->cur) || vm_scc_range_within(env, sl))
			continue;
		if (vm_live_clean(env, sl))
			return -ENOMEM;
	}
	return 0;
}

/* Compare the current state at insn with checkpoint sl (same insn, same calls). */
static enum ckpt_match match_checkpoint(struct vm_env *env, struct vm_state *sl, int insn,
					uint8_t fl)
{
	bool loop;

	if (sl->branches)
		return match_looping(env, sl, insn, fl);
	loop = vm_scc_range_within(env, sl);
	if (!states_equal(env, sl, env->cur, loop ? VM_RANGE_WITHIN : VM_NOT_EXACT))
		return CKPT_MISS;
	return loop ? CKPT_LOOP_HIT : CKPT_HIT;
}

/* The current path is pruned at sl: its precision flows back, loops learn a back-edge. */
static int prune_at(struct vm_env *env, struct vm_state *sl, int insn, bool loop)
{
	sl->hit_cnt++;
	if (vm_trace_on())
		vm_trace_one(sl, insn, "old");
	if (vm_propagate_precision(env, sl) < 0)
		return -EACCES;
	if (loop && sl->branches && vm_scc_add_backedge(env, sl) < 0)
		return -ENOMEM;
	return 1;
}

/* Checkpoints that keep missing are dropped, as the kernel's miss/hit ratio does. */
static bool should_evict(const struct vm_state *sl, uint8_t fl)
{
	uint32_t n = (fl & VM_CFG_FORCE_CKPT) && sl->branches ? 64 : 3;

	return sl->miss_cnt > sl->hit_cnt * n + n;
}

/* Push a copy of the current state at insn as a new checkpoint into bucket b. */
static int add_checkpoint(struct vm_env *env, int insn, size_t b)
{
	struct vm_state *cur = env->cur, *nw;

	if (vm_release_has(env->opt->kernel, VM_FEAT_CKPT_IMPRECISE))
		vm_mark_all_imprecise(cur);
	if (vm_trace_on())
		fprintf(stderr, "  (checkpoint at %d)\n", insn);
	nw = vm_env__copy(env, cur);
	if (!nw)
		return -ENOMEM;
	env->total_states++;
	env->explored++;
	vm_env__update_peak(env);
	env->prev_jmps_processed = env->jmps_processed;
	env->prev_insn_processed = env->insn_processed;
	nw->insn_idx = insn;
	nw->is_ckpt = nw->in_list = true;
	cur->nhist = 0;                /* nw keeps the path that led here */
	cur->hist_insns = 0;
	cur->jmp_hist_cnt = 0;
	cur->hist_kept = 0;
	nw->next = env->buckets[b];
	env->buckets[b] = nw;
	cur->parent = nw;
	cur->first_insn_idx = insn;
	cur->dfs_depth = nw->dfs_depth + 1;
	vm_scc_enter(env, nw);
	return 0;
}

/*
 * At a prune point: 1 if an earlier checkpoint covers the current state (the
 * path ends), 0 to go on (perhaps after adding a checkpoint), <0 on reject.
 */
static int is_state_visited(struct vm_env *env, int insn)
{
	struct vm_state *cur = env->cur, **pp, *sl;
	uint8_t fl = env->cfg.flags[insn];
	bool force = env->opt->test_state_freq || (fl & VM_CFG_FORCE_CKPT) ||
		     (cur->jmp_hist_cnt > 40 &&
		      vm_release_has(env->opt->kernel, VM_FEAT_JMP_HIST_CKPT));
	bool add = force;
	long states_cnt = 0;
	size_t b = bucket_of(env, cur, insn);

	if (env->jmps_processed - env->prev_jmps_processed >= 2 &&
	    env->insn_processed - env->prev_insn_processed >= 8)
		add = true;
	if (vm_live_enabled(env) && clean_live_states(env, insn, b))
		return -ENOMEM;
	for (pp = &env->buckets[b]; (sl = *pp);) {
		enum ckpt_match m;

		states_cnt++;
		if (vm_trace_on() && sl->insn_idx == insn)
			fprintf(stderr, "  (candidate br=%u callsites %s)\n", sl->branches,
				same_callsites(sl, cur) ? "same" : "differ");
		/*
		 * Only the insn is checked here, as the kernel does: a checkpoint
		 * of the same insn reached through other callsites (same bucket:
		 * the innermost callsite is the same) still counts. Unfinished,
		 * it stops this visit from adding a checkpoint; finished, it
		 * misses (states_equal compares callsites) and may be evicted.
		 */
		if (sl->insn_idx != insn) {
			pp = &sl->next;
			continue;
		}
		m = match_checkpoint(env, sl, insn, fl);
		if (m == CKPT_REJECT)
			return vm_env__reject(env, "infinite loop detected at insn %d", insn);
		if (m == CKPT_HIT || m == CKPT_LOOP_HIT)
			return prune_at(env, sl, insn, m == CKPT_LOOP_HIT);
		/* in a loop, checkpoint less often unless the path is long */
		if (m == CKPT_MISS_LOOPING && !force &&
		    env->jmps_processed - env->prev_jmps_processed < 20 &&
		    env->insn_processed - env->prev_insn_processed < 100)
			add = false;
		if (add)
			sl->miss_cnt++;
		if (should_evict(sl, fl)) {
			if (vm_trace_on())
				fprintf(stderr, "  (evict state at %d)\n", insn);
			evict(env, sl, pp);
			continue;
		}
		pp = &sl->next;
	}
	if (env->max_states_per_insn < states_cnt)
		env->max_states_per_insn = states_cnt;
	return add ? add_checkpoint(env, insn, b) : 0;
}

struct vm_state *vm_find_prev_entry(struct vm_env *env, const struct vm_state *cur, int insn)
{
	if (!cur)
		return NULL;

	for (struct vm_state *sl = env->buckets[bucket_of(env, cur, insn)]; sl; sl = sl->next)
		if (sl->insn_idx == insn && sl->branches && same_callsites(sl, cur) &&
		    sl->dfs_depth < cur->dfs_depth)
			return sl;
	return NULL;
}

static int exec_insn(struct vm_env *env, const struct bpf_insn *insn)
{
	uint8_t cls = BPF_CLASS(insn->code);
	int err;

	switch (cls) {
	case BPF_ALU: case BPF_ALU64:
		err = vm_exec_alu(env, insn);
		env->insn_idx++;
		return err;
	case BPF_LDX:
		err = vm_exec_ldx(env, insn);
		env->insn_idx++;
		return err;
	case BPF_STX:
		err = BPF_MODE(insn->code) == BPF_ATOMIC ? vm_exec_atomic(env, insn)
							  : vm_exec_st(env, insn);
		env->insn_idx++;
		return err;
	case BPF_ST:
		err = vm_exec_st(env, insn);
		env->insn_idx++;
		return err;
	case BPF_LD:
		if (vm_insn_is_ldimm64(insn)) {
			err = vm_exec_ld_imm64(env, insn);
			env->insn_idx += 2;
			return err;
		}
		err = vm_exec_ld_abs(env, insn);
		if (err || !env->cur->curframe) {
			env->insn_idx++;
			return err;
		}
		/* in a subprogram, bpf_gen_ld_abs' hidden exit with R0 = 0 is a path too */
		if (!vm_env__push(env, env->insn_idx + 1, env->insn_idx))
			return -EACCES;
		vm_reg__mark_const(vm_env__reg(env, 0), 0);
		return vm_exec_exit(env, insn);
	default:
		env->jmps_processed++;
		if (vm_insn_is_call(insn))
			return vm_exec_call(env, insn);
		if (vm_insn_is_exit(insn))
			return vm_exec_exit(env, insn);
		if (vm_insn_is_ja(insn)) {
			env->insn_idx = (int)vm_insn_jmp_target(insn, env->insn_idx);
			return 0;
		}
		if (vm_insn_is_may_goto(insn))
			return vm_exec_may_goto(env, insn);
		return vm_exec_cond_jmp(env, insn);
	}
}

/* The main loop: one iteration per processed instruction. */
static int do_check(struct vm_env *env)
{
	long limit = env->opt->max_insns > 0 ? env->opt->max_insns : VM_COMPLEXITY_LIMIT_INSNS;
	size_t n = env->prog->n_insns;
	int err;

	for (;;) {
		const struct bpf_insn *insn;
		int idx = env->insn_idx;

		if (env->stop)
			return -EACCES;
		if (idx < 0 || (size_t)idx >= n || vm_insn_is_second_half(env->prog->insns, idx))
			return vm_env__reject(env, "invalid insn idx %d insn_cnt %zu", idx, n);
		if (++env->insn_processed > limit)
			return vm_env__reject(env, "BPF program is too large. Processed %ld insn",
					      env->insn_processed);
		if (!(env->insn_processed & 4095) && vm_env__check_caps(env))
			return -E2BIG;
		if (env->insn_counts)
			env->insn_counts[idx]++;
		insn = &env->prog->insns[idx];
		env->cur->insn_idx = idx;
		err = 0;
		if (env->cfg.flags[idx] & VM_CFG_PRUNE) {
			err = is_state_visited(env, idx);
			if (err < 0)
				return err;
		}
		if (vm_trace_on())
			vm_trace_state(env, idx, err ? "safe" : "");
		if (err == 0) {
			if (vm_state__push_hist(env->cur, idx, env->cur->curframe))
				return vm_env__limit(env, "model: out of memory");
			if (env->cfg.flags[idx] & VM_CFG_JMP_POINT)
				vm_state__keep_hist(env->cur);
			env->prev_insn_idx = idx;
			if (vm_live_begin_insn(env, idx))
				return -ENOMEM;
			err = exec_insn(env, insn);
			if (err < 0 || vm_live_commit(env))
				return err < 0 ? err : -ENOMEM;
			if (err == 0)
				continue;
		}
		/* the path ended: exit, or pruned */
		update_branch_counts(env, env->cur);
		if (vm_live_update(env))
			return -ENOMEM;
		if (pop_stack(env))
			return 0;
		if (vm_trace_on())
			fprintf(stderr, "from %d to %d:\n", env->prev_insn_idx, env->insn_idx);
	}
}

int vm_do_check(struct vm_env *env)
{
	return do_check(env);
}
