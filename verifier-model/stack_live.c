/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * stack_live.c: 6.18's stack liveness (kernel/bpf/liveness.c). Per call
 * chain ("instance") and instruction, for each frame of the chain:
 *   may_read        slots the insn read on some path (union),
 *   must_write      slots it wrote whole on every path (intersection),
 *   live_before     may_read U (U live_before of successors \ must_write),
 *   must_write_acc  must_write U (n must_write_acc of successors).
 * A subprogram's entry sets flow to its call site in the caller's chain.
 * Only what explored paths met is recorded, with the sizes they met, so a
 * slot no path after an insn reads is dead there, wherever pointers point.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "verifier-model/env.h"
#include "verifier-model/insn.h"
#include "verifier-model/release.h"
#include "verifier-model/stack_live.h"

struct live_masks {
	uint64_t may_read, must_write, must_write_acc, live_before;
};

/* One call chain: callsites[i] the call insn of frame i+1, [depth] its subprog start. */
struct live_inst {
	struct live_inst *next;
	int callsites[VM_MAX_FRAMES];
	int starts[VM_MAX_FRAMES];      /* subprog start of each frame */
	int depth, n;                   /* curframe, insns in the subprog */
	bool updated, must_write_dropped;
	struct live_masks *frames[VM_MAX_FRAMES];  /* per frame, lazily */
	bool *must_write_set;           /* must_write seen once for insn */
};

#define LIVE_BUCKETS 256

struct vm_stack_live {
	struct live_inst *buckets[LIVE_BUCKETS];
	struct live_inst *cur;          /* env->cur's chain, cached */
	struct live_inst *write_inst;   /* chain of the insn being simulated */
	int write_insn;
	/* env->cur, its depth and top frame when the insn began: unchanged, same chain */
	const struct vm_state *write_state;
	const struct vm_frame *write_frame;
	int write_depth;
	uint64_t write_acc[VM_MAX_FRAMES];
};

bool vm_live_enabled(const struct vm_env *env)
{
	return env->live != NULL;
}

int vm_live_init(struct vm_env *env)
{
	if (!vm_release_has(env->opt->kernel, VM_FEAT_STACK_LIVENESS))
		return 0;
	env->live = calloc(1, sizeof(*env->live));
	return env->live ? 0 : -ENOMEM;
}

void vm_live_free(struct vm_env *env)
{
	if (!env->live)
		return;
	for (int b = 0; b < LIVE_BUCKETS; b++)
		while (env->live->buckets[b]) {
			struct live_inst *in = env->live->buckets[b];

			env->live->buckets[b] = in->next;
			for (int f = 0; f <= in->depth; f++)
				free(in->frames[f]);
			free(in->must_write_set);
			free(in);
		}
	free(env->live);
	env->live = NULL;
}

uint64_t vm_live_slots_of(int64_t lo, int64_t hi)
{
	uint64_t m = 0;

	if (lo < -VM_MAX_STACK)
		lo = -VM_MAX_STACK;
	if (hi > 0)
		hi = 0;
	for (int64_t spi = (-lo - 1) / 8; lo < hi && spi >= (-hi) / 8; spi--)
		m |= 1ull << spi;
	return m;
}

static int subprog_start(const struct vm_env *env, int sub)
{
	return (int)env->prog->subprogs[sub].start;
}

/* The chain of st at depth d, as a key. */
static void chain_of(const struct vm_env *env, const struct vm_state *st, int d,
		     struct live_inst *key)
{
	key->depth = d;
	for (int i = 0; i <= d; i++) {
		key->starts[i] = subprog_start(env, st->frame[i]->subprog);
		key->callsites[i] = i < d ? st->frame[i + 1]->callsite : key->starts[i];
	}
}

static bool same_chain(const struct live_inst *a, const struct live_inst *b)
{
	if (a->depth != b->depth)
		return false;
	for (int i = a->depth; i >= 0; i--)
		if (a->callsites[i] != b->callsites[i])
			return false;
	return true;
}

static bool inst_is_chain_of(const struct vm_env *env, const struct live_inst *in,
			     const struct vm_state *st)
{
	if (in->depth != st->curframe ||
	    in->callsites[in->depth] != subprog_start(env, st->frame[in->depth]->subprog))
		return false;
	for (int i = 0; i < in->depth; i++)
		if (in->callsites[i] != st->frame[i + 1]->callsite)
			return false;
	return true;
}

static unsigned chain_hash(const struct live_inst *key)
{
	unsigned h = 2166136261u;

	for (int i = 0; i <= key->depth; i++)
		h = (h ^ (unsigned)key->callsites[i]) * 16777619u;
	return h % LIVE_BUCKETS;
}

/* The instance of key's chain; created (empty) if create. NULL if none or OOM. */
static struct live_inst *lookup(struct vm_env *env, const struct live_inst *key, bool create)
{
	struct live_inst **b = &env->live->buckets[chain_hash(key)], *in;
	const struct vm_subprog *sp;

	for (in = *b; in; in = in->next)
		if (same_chain(in, key))
			return in;
	if (!create)
		return NULL;
	sp = vm_prog__subprog_at(env->prog, (size_t)key->starts[key->depth]);
	in = calloc(1, sizeof(*in));
	if (!in || !sp)
		goto fail;
	memcpy(in->callsites, key->callsites, sizeof(in->callsites));
	memcpy(in->starts, key->starts, sizeof(in->starts));
	in->depth = key->depth;
	in->n = (int)sp->len;
	if (sp->start + sp->len > env->prog->n_insns)
		in->n = (int)(env->prog->n_insns - sp->start);
	in->must_write_set = calloc((size_t)in->n, sizeof(bool));
	if (!in->must_write_set)
		goto fail;
	in->next = *b;
	*b = in;
	return in;
fail:
	free(in);
	return NULL;
}

static struct live_inst *cur_inst(struct vm_env *env)
{
	struct live_inst key;

	if (env->live->cur && inst_is_chain_of(env, env->live->cur, env->cur))
		return env->live->cur;
	chain_of(env, env->cur, env->cur->curframe, &key);
	env->live->cur = lookup(env, &key, true);
	return env->live->cur;
}

/* Masks of frame f at absolute insn, allocating the frame's array. */
static struct live_masks *masks_at(struct live_inst *in, int f, int insn)
{
	int rel = insn - in->starts[in->depth];

	if (rel < 0 || rel >= in->n)
		return NULL;
	if (!in->frames[f]) {
		in->frames[f] = calloc((size_t)in->n, sizeof(struct live_masks));
		if (!in->frames[f])
			return NULL;
	}
	return &in->frames[f][rel];
}

static int mark_read(struct live_inst *in, int f, int insn, uint64_t mask)
{
	struct live_masks *m = masks_at(in, f, insn);
	uint64_t nw;

	if (!m)
		return -ENOMEM;
	nw = m->may_read | mask;
	if (nw != m->may_read && (nw | m->live_before) != m->live_before)
		in->updated = true;
	m->may_read = nw;
	return 0;
}

/* must_write at insn is the intersection over every time insn ran. */
static int commit_writes(struct live_inst *in, int insn, const uint64_t *acc)
{
	int rel = insn - in->starts[in->depth];

	if (rel < 0 || rel >= in->n)
		return 0;
	for (int f = 0; f <= in->depth; f++) {
		uint64_t mask = acc[f], old;
		struct live_masks *m;

		if (!mask && !in->must_write_set[rel])
			continue;
		if (!(m = masks_at(in, f, insn)))
			return -ENOMEM;
		old = m->must_write;
		if (in->must_write_set[rel])
			mask &= old;
		if (old != mask) {
			m->must_write = mask;
			in->updated = true;
		}
		if (old & ~mask)
			in->must_write_dropped = true;
	}
	in->must_write_set[rel] = true;
	return 0;
}

int vm_live_read(struct vm_env *env, int frameno, uint64_t mask)
{
	struct live_inst *in;

	if (!env->live || !mask)
		return 0;
	in = cur_inst(env);
	if (!in || mark_read(in, frameno, env->insn_idx, mask))
		return vm_env__limit(env, "model: out of memory");
	return 0;
}

void vm_live_write(struct vm_env *env, int frameno, uint64_t mask)
{
	if (env->live)
		env->live->write_acc[frameno] |= mask;
}

int vm_live_begin_insn(struct vm_env *env, int insn)
{
	if (!env->live)
		return 0;
	env->live->write_inst = cur_inst(env);
	env->live->write_insn = insn;
	env->live->write_state = env->cur;
	env->live->write_depth = env->cur->curframe;
	env->live->write_frame = env->cur->frame[env->cur->curframe];
	memset(env->live->write_acc, 0, sizeof(env->live->write_acc));
	return env->live->write_inst ? 0 : vm_env__limit(env, "model: out of memory");
}

/* A call or a return changed the chain: the kernel drops the marks then. */
int vm_live_commit(struct vm_env *env)
{
	struct vm_stack_live *l = env->live;
	struct live_inst *in = l ? l->write_inst : NULL;

	if (!in)
		return 0;
	l->write_inst = NULL;
	/* within one insn only a call or a return changes the chain */
	if ((env->cur != l->write_state || env->cur->curframe != l->write_depth ||
	     env->cur->frame[env->cur->curframe] != l->write_frame) &&
	    !inst_is_chain_of(env, in, env->cur))
		return 0;
	if (commit_writes(in, l->write_insn, l->write_acc))
		return vm_env__limit(env, "model: out of memory");
	return 0;
}

/* One backward step at rel in frame f; true if a set changed. */
static bool update_insn(const struct vm_env *env, struct live_inst *in, int f, int rel)
{
	struct live_masks *ms = in->frames[f], *m = &ms[rel];
	int start = in->starts[in->depth];
	uint64_t after = 0, acc = ~0ull, before;
	long s[2];
	int k = vm_insn_successors(env->prog->insns, (size_t)(start + rel), s);
	bool changed;

	if (!k)
		return false;
	for (int e = 0; e < k; e++) {
		long r = s[e] - start;

		if (r < 0 || r >= in->n)
			continue;
		after |= ms[r].live_before;
		acc &= ms[r].must_write_acc;
	}
	acc |= m->must_write;
	before = (after & ~m->must_write) | m->may_read;
	changed = before != m->live_before || acc != m->must_write_acc;
	m->live_before = before;
	m->must_write_acc = acc;
	return changed;
}

/* The caller's chain gets the callee entry's reads and sure writes at the call. */
static int propagate_to_caller(struct vm_env *env, struct live_inst *in)
{
	struct live_inst key = *in, *outer;
	uint64_t acc[VM_MAX_FRAMES] = { 0 };
	int start = in->starts[in->depth], callsite = in->callsites[in->depth - 1];

	key.depth--;
	key.callsites[key.depth] = key.starts[key.depth];
	outer = lookup(env, &key, true);
	if (!outer)
		return -ENOMEM;
	for (int f = 0; f < in->depth; f++) {
		struct live_masks *m = in->frames[f] ? masks_at(in, f, start) : NULL;

		if (!m)
			continue;
		acc[f] = m->must_write_acc;
		if (mark_read(outer, f, callsite, m->live_before))
			return -ENOMEM;
	}
	return commit_writes(outer, callsite, acc);
}

/* Solve in's sets to a fixpoint (any order reaches the same least one). */
static int update_inst(struct vm_env *env, struct live_inst *in)
{
	bool changed;

	for (int f = 0; in->must_write_dropped && f <= in->depth; f++)
		for (int r = 0; in->frames[f] && r < in->n; r++)
			in->frames[f][r].must_write_acc = 0;
	do {
		changed = false;
		for (int f = 0; f <= in->depth; f++)
			for (int r = in->n - 1; in->frames[f] && r >= 0; r--)
				changed |= update_insn(env, in, f, r);
	} while (changed);
	in->updated = in->must_write_dropped = false;
	return in->depth ? propagate_to_caller(env, in) : 0;
}

int vm_live_update(struct vm_env *env)
{
	if (!env->live)
		return 0;
	for (int d = env->cur->curframe; d >= 0; d--) {
		struct live_inst key, *in;

		chain_of(env, env->cur, d, &key);
		in = lookup(env, &key, true);
		if (!in || (in->updated && update_inst(env, in)))
			return vm_env__limit(env, "model: out of memory");
	}
	return 0;
}

static uint64_t live_before(struct live_inst *in, int f, int insn)
{
	int rel = in ? insn - in->starts[in->depth] : -1;

	if (!in || !in->frames[f] || rel < 0 || rel >= in->n)
		return 0;
	return in->frames[f][rel].live_before;
}

int vm_live_clean(struct vm_env *env, struct vm_state *st)
{
	struct live_inst *ins[VM_MAX_FRAMES];

	if (!env->live)
		return 0;
	for (int d = 0; d <= st->curframe; d++) {
		struct live_inst key;

		chain_of(env, st, d, &key);
		ins[d] = lookup(env, &key, false);
	}
	for (int f = 0; f <= st->curframe; f++) {
		uint64_t live = live_before(ins[st->curframe], f, st->insn_idx);

		/* in an outer frame: alive after its call (at it, for a callback) */
		for (int i = f; i < st->curframe; i++) {
			int cs = st->frame[i + 1]->callsite;
			bool cb = cs >= 0 && (size_t)cs < env->cfg.n &&
				  (env->cfg.flags[cs] & VM_CFG_CALLS_CB);

			live |= live_before(ins[i], f, cb ? cs : cs + 1);
		}
		st->frame[f]->live_slots = live;
	}
	st->cleaned = true;
	return 0;
}
