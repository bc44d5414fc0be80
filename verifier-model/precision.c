/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * precision.c: precision backtracking (mark_chain_precision). Walk the
 * current path backwards insn by insn, through parent checkpoints,
 * marking in each checkpoint the scalars a decision depended on.
 */
#include <errno.h>
#include <string.h>
#include "verifier-model/env.h"
#include "verifier-model/helpers.h"
#include "verifier-model/insn.h"
#include "verifier-model/release.h"
#include "verifier-model/precision.h"

struct bt {
	int frame;
	uint16_t regs[VM_MAX_FRAMES];
	uint64_t slots[VM_MAX_FRAMES];
};

static bool bt_empty(const struct bt *b)
{
	for (int f = 0; f < VM_MAX_FRAMES; f++)
		if (b->regs[f] || b->slots[f])
			return false;
	return true;
}

enum { BT_OK = 0, BT_GIVE_UP = 1 };

static bool has(const struct vm_env *env, enum vm_feature f)
{
	return vm_release_has(env->opt->kernel, f);
}

static int bt_call(struct vm_env *env, struct bt *b, const struct bpf_insn *x)
{
	uint16_t *m = &b->regs[b->frame];

	/* before 6.5 a callback-calling helper ends backtracking like a call */
	if (!has(env, VM_FEAT_PRECISE_SUBPROGS) && vm_insn_is_helper_call(x) &&
	    vm_helper_sig(x->imm) && (vm_helper_sig(x->imm)->flags & VM_FN_CALLBACK))
		return BT_GIVE_UP;
	*m &= ~1u;
	if (*m & 0x3e)
		return BT_GIVE_UP;
	return BT_OK;
}

/* Does the spill or fill at h carry precision (fp-based only before 6.8)? */
static bool bt_stack(struct vm_env *env, const struct vm_hist *h, int base)
{
	return h->spi >= 0 && (base == VM_REG_FP || has(env, VM_FEAT_PRECISE_STACK_PTRS));
}

/* bt_sync_linked_regs: one of the scalars linked at h is precise, so all are. */
static void bt_sync_linked(struct bt *b, const struct vm_hist *h)
{
	struct vm_linked l;
	bool some = false;

	if (!h->linked)
		return;
	vm_linked__unpack(h->linked, &l);
	for (int i = 0; i < l.cnt && !some; i++)
		some = l.e[i].is_reg ? b->regs[l.e[i].frame] >> l.e[i].no & 1
				     : b->slots[l.e[i].frame] >> l.e[i].no & 1;
	for (int i = 0; some && i < l.cnt; i++) {
		if (l.e[i].is_reg)
			b->regs[l.e[i].frame] |= (uint16_t)(1u << l.e[i].no);
		else
			b->slots[l.e[i].frame] |= 1ull << l.e[i].no;
	}
}

/* One insn backwards in the insn's own frame (backtrack_insn). */
static int bt_insn_body(struct vm_env *env, struct bt *b, const struct vm_hist *h,
			const struct bpf_insn *x)
{
	uint8_t cls = BPF_CLASS(x->code);
	uint16_t *m = &b->regs[b->frame], d = 1u << x->dst_reg, s;

	/* most insns walked back write a register not in the mask */
	if ((cls == BPF_ALU || cls == BPF_ALU64 || cls == BPF_LDX || cls == BPF_LD) && !(*m & d))
		return BT_OK;
	s = 1u << (x->src_reg & 15);
	switch (cls) {
	case BPF_ALU: case BPF_ALU64:
		if (BPF_OP(x->code) == BPF_END || BPF_OP(x->code) == BPF_NEG)
			return BT_OK;
		if (BPF_OP(x->code) == BPF_MOV) {
			*m &= ~d;
			if (BPF_SRC(x->code) == BPF_X && x->src_reg != VM_REG_FP)
				*m |= s;
		} else if (BPF_SRC(x->code) == BPF_X && x->src_reg != VM_REG_FP) {
			*m |= s;
		}
		return BT_OK;
	case BPF_LDX:
		*m &= ~d;
		if (bt_stack(env, h, x->src_reg))
			b->slots[h->frame] |= 1ull << h->spi;
		return BT_OK;
	case BPF_STX: case BPF_ST:
		if (*m & d)
			return BT_GIVE_UP;
		if (!bt_stack(env, h, x->dst_reg) || !(b->slots[h->frame] >> h->spi & 1))
			return BT_OK;
		b->slots[h->frame] &= ~(1ull << h->spi);
		if (cls == BPF_STX)
			*m |= s;
		return BT_OK;
	case BPF_LD:
		*m &= ~d;
		return vm_insn_is_ldimm64(x) ? BT_OK : BT_GIVE_UP;
	default:
		if (vm_insn_is_call(x))
			return bt_call(env, b, x);
		if (vm_insn_is_cond_jmp(x) && BPF_SRC(x->code) == BPF_X) {
			if (*m & (d | s))
				*m |= d | s;
		}
		return BT_OK;
	}
}

/* The linked scalars are synced before and after the insn, as backtrack_insn does. */
static int bt_insn(struct vm_env *env, struct bt *b, const struct vm_hist *h,
		   const struct bpf_insn *x)
{
	int err;

	/* most insns have no linked scalars: skip the calls */
	if (h->linked)
		bt_sync_linked(b, h);
	err = bt_insn_body(env, b, h, x);
	if (!err && h->linked)
		bt_sync_linked(b, h);
	return err;
}

/*
 * Crossing a frame boundary between h (earlier) and the insn after it:
 * 0 not a crossing, 1 handled (h needs no further work), -1 give up.
 */
static int bt_frames(struct vm_env *env, struct bt *b, const struct vm_hist *h,
		     const struct bpf_insn *x)
{
	int cf = b->frame;

	if (h->curframe == cf)
		return 0;
	if (!has(env, VM_FEAT_PRECISE_SUBPROGS))
		return -1;
	if (h->curframe < cf) {
		/* from the callee's first insn back to the call in the caller */
		if (b->slots[cf])
			return -1;
		if (vm_insn_is_pseudo_call(x)) {
			if (b->regs[cf] & ~0x3eu)
				return -1;
			b->regs[cf - 1] |= b->regs[cf];
		} else if (b->regs[cf] & ~0x3eu) {
			return -1;  /* a callback's r1-r5 come from the helper */
		}
		b->regs[cf] = 0;
		b->frame = cf - 1;
		return 1;
	}
	if (h->curframe > cf) {
		/* from the insn after a return back to the callee's exit */
		if (!vm_insn_is_exit(x) || h->curframe != cf + 1)
			return -1;
		b->frame = cf + 1;
		b->regs[cf + 1] = 0;
		b->slots[cf + 1] = 0;
		return 2;   /* caller of bt decides what R0 means */
	}
	return 0;
}

static void mark_in_state(struct vm_env *env, struct vm_state *st, struct bt *b)
{
	for (int f = 0; f <= b->frame && f <= st->curframe; f++) {
		struct vm_frame *fr = st->frame[f];

		for (int r = 0; r < VM_MAX_REG; r++) {
			if (!(b->regs[f] >> r & 1))
				continue;
			if (fr->regs[r].type != VM_SCALAR || fr->regs[r].precise)
				b->regs[f] &= ~(1u << r);
			else
				fr->regs[r].precise = true, env->precise_marks++;
		}
		/* only the set bits: this runs at every precision mark */
		for (uint64_t bits = b->slots[f]; bits; bits &= bits - 1) {
			int s = __builtin_ctzll(bits);
			struct vm_slot *sl;

			sl = s < fr->nslots ? &fr->slots[s] : NULL;
			if (!sl || sl->type[0] != VM_SLOT_SPILL || sl->spilled.type != VM_SCALAR ||
			    sl->spilled.precise)
				b->slots[f] &= ~(1ull << s);
			else
				sl->spilled.precise = true, env->precise_marks++;
		}
	}
}

void vm_mark_all_precise(struct vm_env *env, struct vm_state *st)
{
	(void)env;
	for (; st; st = st->parent)
		for (int f = 0; f <= st->curframe; f++) {
			struct vm_frame *fr = st->frame[f];

			for (int r = 0; r < VM_MAX_REG; r++)
				if (fr->regs[r].type == VM_SCALAR)
					fr->regs[r].precise = true;
			for (int s = 0; s < fr->nslots; s++)
				if (fr->slots[s].type[0] == VM_SLOT_SPILL &&
				    fr->slots[s].spilled.type == VM_SCALAR)
					fr->slots[s].spilled.precise = true;
		}
}

void vm_mark_all_imprecise(struct vm_state *st)
{
	for (int f = 0; f <= st->curframe; f++) {
		struct vm_frame *fr = st->frame[f];

		for (int r = 0; r < VM_MAX_REG; r++)
			if (fr->regs[r].type == VM_SCALAR)
				fr->regs[r].precise = false;
		for (int s = 0; s < fr->nslots; s++)
			if (fr->slots[s].type[0] == VM_SLOT_SPILL)
				fr->slots[s].spilled.precise = false;
	}
}

/* Returning from h (an exit) to the insn at later: move R0 into the callee. */
static int bt_return(struct vm_env *env, struct bt *b, int later)
{
	bool cb = later >= 0 && (env->cfg.flags[later] & VM_CFG_CALLS_CB);
	int caller = b->frame - 1;

	if (b->regs[caller] & 1) {
		b->regs[caller] &= ~1u;
		if (!cb)
			b->regs[b->frame] |= 1;
	}
	/* r1-r5 survive a callback (it returns to the call), not a subprogram */
	return (!cb && (b->regs[caller] & 0x3e)) ? -1 : 0;
}

/* Backtrack b from cur; skip: cur's last history entry is the current insn. */
static int backtrack(struct vm_env *env, struct bt *b, bool skip)
{
	struct vm_state *st = env->cur;
	int later = skip ? env->insn_idx : -1;

	for (;;) {
		for (uint32_t k = st->nhist; k-- > 0;) {
			struct vm_hist one = st->hist[k];
			uint32_t first = one.idx;

			for (uint32_t j = one.n; j-- > 0;) {
				const struct vm_hist *h = &one;
				const struct bpf_insn *x = &env->prog->insns[first + j];
				int fr;

				one.idx = first + j;
				if (skip) {
					skip = false;
					continue;
				}
				fr = bt_frames(env, b, h, x);
				if (fr == 2)
					fr = bt_return(env, b, later);
				if (fr < 0 || (fr == 0 && bt_insn(env, b, h, x))) {
					/* before 6.5: the checkpoints above the state being walked */
					vm_mark_all_precise(env, has(env, VM_FEAT_PRECISE_SUBPROGS) ?
								 env->cur : st->parent);
					return 0;
				}
				later = (int)h->idx;
				if (bt_empty(b))
					return 0;
			}
		}
		skip = false;
		st = st->parent;
		if (!st)
			return 0;
		mark_in_state(env, st, b);
		if (bt_empty(b))
			return 0;
	}
}

/*
 * Before 6.2 the current state is marked too, and a mark it already has
 * ends the walk: returns true when there is nothing left to do.
 */
static bool mark_cur(struct vm_env *env, struct vm_reg *r)
{
	if (has(env, VM_FEAT_PRECISE_CUR_CLEAN))
		return false;
	if (!r || r->type != VM_SCALAR || r->precise)
		return true;
	r->precise = true;
	return false;
}

int vm_mark_precise(struct vm_env *env, int regno)
{
	struct bt b = { .frame = env->cur->curframe };
	struct vm_reg *r = vm_env__reg(env, regno);

	if (r->type != VM_SCALAR || mark_cur(env, r))
		return 0;
	b.regs[b.frame] = 1u << regno;
	return backtrack(env, &b, true);
}

int vm_mark_precise_slot(struct vm_env *env, int frame, int spi)
{
	struct bt b = { .frame = env->cur->curframe };
	struct vm_frame *fr = frame <= env->cur->curframe ? env->cur->frame[frame] : NULL;

	if (spi < 0 || spi >= 64)
		return 0;
	if (!has(env, VM_FEAT_PRECISE_CUR_CLEAN) &&
	    mark_cur(env, fr && spi < fr->nslots && fr->slots[spi].type[0] == VM_SLOT_SPILL ?
			  &fr->slots[spi].spilled : NULL))
		return 0;
	b.slots[frame] = 1ull << spi;
	return backtrack(env, &b, true);
}

int vm_propagate_precision(struct vm_env *env, const struct vm_state *old)
{
	struct bt b = { .frame = old->curframe };
	for (int f = 0; f <= old->curframe; f++) {
		const struct vm_frame *fr = old->frame[f];
		struct vm_frame *cf = env->cur->frame[f];

		for (int r = 0; r < VM_MAX_REG; r++)
			if (fr->regs[r].type == VM_SCALAR && fr->regs[r].precise &&
			    !(cf && mark_cur(env, &cf->regs[r])))
				b.regs[f] |= 1u << r;
		for (int s = 0; s < fr->nslots && s < 64; s++)
			if (fr->slots[s].type[0] == VM_SLOT_SPILL &&
			    fr->slots[s].spilled.type == VM_SCALAR && fr->slots[s].spilled.precise &&
			    !(cf && s < cf->nslots && cf->slots[s].type[0] == VM_SLOT_SPILL &&
			      mark_cur(env, &cf->slots[s].spilled)))
				b.slots[f] |= 1ull << s;
	}
	if (bt_empty(&b))
		return 0;
	return backtrack(env, &b, false);
}
