/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * branch.c: conditional jumps (check_cond_jmp_op): decided branches,
 * forks with the taken side pushed, bounds refinement, linked scalars,
 * null checks and packet ranges learnt from comparisons.
 */
#include <errno.h>
#include <string.h>
#include "verifier-model/env.h"
#include "verifier-model/insn.h"
#include "verifier-model/locks.h"
#include "verifier-model/release.h"
#include "verifier-model/branch.h"
#include "verifier-model/precision.h"

static bool is_ptr(const struct vm_reg *r)
{
	return r->type != VM_SCALAR && r->type != VM_NOT_INIT;
}

static bool is_const_zero(const struct vm_reg *r)
{
	return r->type == VM_SCALAR && scalar_is_const(&r->s) && scalar_const_value(&r->s) == 0;
}

/* reg_not_null: the pointer kinds the verifier knows are never NULL. */
static bool not_null(const struct vm_env *env, const struct vm_reg *r)
{
	if (r->flags & VM_F_MAYBE_NULL)
		return false;
	if (r->type == VM_PTR_MAP)
		return vm_release_has(env->opt->kernel, VM_FEAT_MAP_PTR_NONNULL);
	return r->type == VM_PTR_MAP_VALUE || r->type == VM_PTR_MAP_KEY || r->type == VM_PTR_MEM ||
	       r->type == VM_PTR_SOCKET || r->type == VM_PTR_SOCK_COMMON ||
	       r->type == VM_PTR_TCP_SOCK || (r->type == VM_PTR_BTF && (r->flags & VM_F_TRUSTED));
}

/* A packet pointer's range once compared past pkt_end (mark_pkt_end). */
#define VM_AT_PKT_END (-1)
#define VM_BEYOND_PKT_END (-2)

static bool pkt_any(const struct vm_reg *r)
{
	return vm_reg__is_pkt(r) || r->type == VM_PTR_PKT_END;
}

/* is_pkt_ptr_branch_taken: a pointer known at or past pkt_end decides the branch. */
static int pkt_branch_taken(const struct vm_reg *a, const struct vm_reg *b, uint8_t op)
{
	const struct vm_reg *pkt = a;

	if (a->type == VM_PTR_PKT_END) {
		pkt = b;
		op = op == BPF_JGT ? BPF_JLT : op == BPF_JLT ? BPF_JGT :
		     op == BPF_JGE ? BPF_JLE : op == BPF_JLE ? BPF_JGE : op;
	} else if (b->type != VM_PTR_PKT_END) {
		return -1;
	}
	if (pkt->range >= 0)
		return -1;
	if ((op == BPF_JLE || op == BPF_JGT) && pkt->range == VM_BEYOND_PKT_END)
		return op == BPF_JGT;
	if (op == BPF_JLT || op == BPF_JGE)
		return op == BPF_JGE;   /* at or beyond pkt_end, both */
	return -1;
}

static int branch_taken(const struct vm_env *env, const struct vm_reg *a, const struct vm_reg *b,
			uint8_t op, bool is32)
{
	if (pkt_any(a) && pkt_any(b) && !is32)
		return pkt_branch_taken(a, b, op);
	if (a->type == VM_SCALAR && b->type == VM_SCALAR)
		return scalar_branch_taken(&a->s, &b->s, op, is32);
	if (is_ptr(a) && is_const_zero(b) && not_null(env, a) && !is32) {
		if (op == BPF_JEQ)
			return 0;
		if (op == BPF_JNE)
			return 1;
	}
	if (is_ptr(b) && is_const_zero(a) && not_null(env, b) && !is32) {
		if (op == BPF_JEQ)
			return 0;
		if (op == BPF_JNE)
			return 1;
	}
	return -1;
}

static void for_each_reg(struct vm_state *st, void (*fn)(struct vm_reg *, void *), void *ctx)
{
	for (int f = 0; f <= st->curframe; f++) {
		struct vm_frame *fr = st->frame[f];

		for (int r = 0; r < VM_MAX_REG; r++)
			fn(&fr->regs[r], ctx);
		for (int s = 0; s < fr->nslots; s++)
			if (fr->slots[s].type[0] == VM_SLOT_SPILL)
				fn(&fr->slots[s].spilled, ctx);
	}
}

struct sync_ctx { const struct vm_reg *src; };

/* sync_linked_regs: same base id; an ADD_CONST member is the base plus its delta. */
static void sync_one(struct vm_reg *r, void *ctx)
{
	const struct vm_reg *src = ((struct sync_ctx *)ctx)->src;
	uint32_t id = src->id & ~VM_ID_ADD_CONST;

	if (r == src || r->type != VM_SCALAR || (r->id & ~VM_ID_ADD_CONST) != id)
		return;
	/* a 32-bit and a 64-bit "base + K" do not follow each other */
	if (((r->id ^ src->id) & VM_ID_ADD_CONST) == VM_ID_ADD_CONST)
		return;
	if ((!(r->id & VM_ID_ADD_CONST) && !(src->id & VM_ID_ADD_CONST)) || r->off == src->off) {
		uint32_t rid = r->id;
		int32_t off = r->off;

		*r = *src;
		r->id = rid;
		r->off = off;
	} else {
		struct vm_scalar delta;
		uint32_t rid = r->id;
		int32_t off = r->off;

		scalar_set_const(&delta, (uint64_t)((int64_t)r->off - (int64_t)src->off));
		*r = *src;
		r->id = rid;
		r->off = off;
		scalar_alu(&r->s, &delta, BPF_ADD, true, 0);
		if (rid & VM_ID_ADD_CONST32) {   /* zext_32_to_64, reg_bounds_sync */
			scalar_zext32(&r->s);
			scalar_sync(&r->s);
		}
	}
}

void vm_sync_linked(struct vm_env *env, struct vm_state *st, const struct vm_reg *reg)
{
	struct sync_ctx c = { reg };

	(void)env;
	if (reg->type == VM_SCALAR && reg->id)
		for_each_reg(st, sync_one, &c);
}

static void link_one(struct vm_linked *l, struct vm_reg *r, uint32_t id, int frame, int no,
		     bool is_reg)
{
	if (r->type != VM_SCALAR || (r->id & ~VM_ID_ADD_CONST) != id)
		return;
	if (l->cnt == VM_LINKED_MAX) {
		r->id = 0;  /* no room: the link is broken, as the kernel does */
		return;
	}
	l->e[l->cnt].frame = (uint8_t)frame;
	l->e[l->cnt].is_reg = is_reg;
	l->e[l->cnt++].no = (uint8_t)no;
}

/*
 * collect_linked_regs: the scalars sharing r's id, registers live at the
 * frame's insn (the March 2026 fix the 6.18 stable releases carry), then
 * spills.
 */
static void collect_linked(struct vm_env *env, const struct vm_reg *r, struct vm_linked *l)
{
	struct vm_state *st = env->cur;
	uint32_t id = r->id & ~VM_ID_ADD_CONST;

	if (r->type != VM_SCALAR || !r->id)
		return;
	for (int f = st->curframe; f >= 0; f--) {
		struct vm_frame *fr = st->frame[f];
		int at = f == st->curframe ? env->insn_idx : st->frame[f + 1]->callsite;
		uint16_t live = at >= 0 && (size_t)at < env->cfg.n ? env->cfg.live_regs[at] : 0xffff;

		for (int i = 0; i < VM_REG_FP; i++)
			if (live >> i & 1)
				link_one(l, &fr->regs[i], id, f, i, true);
		for (int s = 0; s < fr->nslots; s++)
			if (fr->slots[s].type[0] == VM_SLOT_SPILL)
				link_one(l, &fr->slots[s].spilled, id, f, s, false);
	}
}

/*
 * A fork on linked scalars is kept in the insn history (6.11+), before
 * the push so that both sides have it: backtracking then marks them all
 * precise together (check_cond_jmp_op, bt_sync_linked_regs).
 */
static void record_linked(struct vm_env *env, const struct bpf_insn *insn, struct vm_reg *d)
{
	struct vm_state *st = env->cur;
	struct vm_linked l = { 0 };
	struct vm_hist *top;

	if (!vm_release_has(env->opt->kernel, VM_FEAT_LINKED_REGS) || !st->nhist)
		return;
	if (BPF_SRC(insn->code) == BPF_X)
		collect_linked(env, vm_env__reg(env, insn->src_reg), &l);
	collect_linked(env, d, &l);
	if (l.cnt > 1 && (top = vm_state__hist_top(st))) {
		top->linked = vm_linked__pack(&l);
		vm_state__keep_hist(st);
	}
}

struct null_ctx { uint32_t id; bool is_null; struct vm_state *st; const struct vm_object *obj; };

/* mark_ptr_not_null_reg: a sockmap or sockhash lookup gives a socket */
static void mark_not_null(struct vm_reg *r)
{
	if (r->flags & VM_F_SOCK_VALUE)
		r->type = VM_PTR_SOCKET;
	r->flags &= ~(VM_F_MAYBE_NULL | VM_F_SOCK_VALUE);
}

static void null_one(struct vm_reg *r, void *ctx)
{
	struct null_ctx *c = ctx;

	if (!(r->flags & VM_F_MAYBE_NULL) || r->id != c->id)
		return;
	if (c->is_null) {
		vm_reg__mark_const(r, 0);
		return;
	}
	mark_not_null(r);
	/* a value holding a bpf_spin_lock keeps its id: unlock must match the lock */
	if (!r->ref_obj_id && !(r->type == VM_PTR_MAP_VALUE &&
				vm_map_field_off(c->obj, r->map, "bpf_spin_lock") >= 0))
		r->id = 0;
}

static void release_ref(struct vm_state *st, uint32_t ref)
{
	for (int i = 0; i < st->nrefs; i++)
		if (st->refs[i] == ref) {
			st->refs[i] = st->refs[--st->nrefs];
			return;
		}
}

/*
 * p == q where one is known non-NULL and the other may be NULL: on the
 * equal side the other is not NULL either (BTF pointers excepted, they may
 * be NULL unmarked). Only that register is marked, not its id's copies.
 */
static void null_from_equal(struct vm_state *eq, const struct bpf_insn *insn)
{
	struct vm_frame *f = eq->frame[eq->curframe];
	struct vm_reg *d = &f->regs[insn->dst_reg], *s = &f->regs[insn->src_reg];

	if (!(d->flags & VM_F_MAYBE_NULL) == !(s->flags & VM_F_MAYBE_NULL) ||
	    d->type == VM_PTR_BTF || s->type == VM_PTR_BTF)
		return;
	mark_not_null((d->flags & VM_F_MAYBE_NULL) ? d : s);
}

void vm_mark_ptr_null(const struct vm_env *env, struct vm_state *st, uint32_t id, bool is_null)
{
	struct null_ctx c = { id, is_null, st, env->obj };
	uint32_t ref = 0;
	struct vm_frame *f = st->frame[st->curframe];

	for (int r = 0; r < VM_MAX_REG; r++)
		if (f->regs[r].id == id && f->regs[r].ref_obj_id == id)   /* acquired, not cast */
			ref = id;
	if (is_null && ref)
		release_ref(st, ref);
	for_each_reg(st, null_one, &c);
}

struct pkt_ctx { uint8_t type; uint32_t id; int32_t range; };

static void pkt_one(struct vm_reg *r, void *ctx)
{
	struct pkt_ctx *c = ctx;

	if (r->type == c->type && r->id == c->id && r->range < c->range)
		r->range = c->range;
}

/* find_good_pkt_pointers: everything derived from the same packet pointer gains range. */
static void good_pkt(struct vm_state *st, const struct vm_reg *r, bool right_open)
{
	struct pkt_ctx c = { r->type, r->id, r->off + (right_open ? 1 : 0) };

	if (r->off < 0 || (r->off == 0 && right_open))
		return;
	if (r->s.umax > 0xffff || r->s.umax + (uint64_t)r->off > 0xffff)
		return;
	for_each_reg(st, pkt_one, &c);
}

static bool pkt_pair(const struct vm_reg *lo, const struct vm_reg *hi)
{
	/* meta against data itself only (reg_is_init_pkt_pointer: no offset at all) */
	return (lo->type == VM_PTR_PKT && hi->type == VM_PTR_PKT_END) ||
	       (lo->type == VM_PTR_PKT_META && hi->type == VM_PTR_PKT && hi->off == 0 &&
		scalar_is_const(&hi->s) && scalar_const_value(&hi->s) == 0);
}

/* mark_pkt_end: in st, packet pointer regno is past pkt_end (beyond) or at least at it. */
static void pkt_end(struct vm_state *st, int regno, bool beyond)
{
	struct vm_reg *r = &st->frame[st->curframe]->regs[regno];

	if (r->type == VM_PTR_PKT)   /* not pkt_meta: the kernel's neither */
		r->range = beyond ? VM_BEYOND_PKT_END : VM_AT_PKT_END;
}

/* try_match_pkt_pointers: range learnt from pkt' <op> pkt_end, and the other side's end. */
static bool match_pkt(const struct bpf_insn *insn, struct vm_state *fall, struct vm_state *taken,
		      const struct vm_reg *d, const struct vm_reg *s)
{
	uint8_t op = BPF_OP(insn->code);
	int dr = insn->dst_reg, sr = insn->src_reg;

	if (BPF_SRC(insn->code) != BPF_X || BPF_CLASS(insn->code) == BPF_JMP32)
		return false;
	switch (op) {
	case BPF_JGT:   /* d > s */
		if (pkt_pair(d, s)) {
			good_pkt(fall, d, false);
			pkt_end(taken, dr, true);
		} else if (pkt_pair(s, d)) {
			good_pkt(taken, s, true);
			pkt_end(fall, sr, false);
		} else {
			return false;
		}
		return true;
	case BPF_JLT:   /* d < s */
		if (pkt_pair(d, s)) {
			good_pkt(taken, d, true);
			pkt_end(fall, dr, false);
		} else if (pkt_pair(s, d)) {
			good_pkt(fall, s, false);
			pkt_end(taken, sr, true);
		} else {
			return false;
		}
		return true;
	case BPF_JGE:   /* d >= s */
		if (pkt_pair(d, s)) {
			good_pkt(fall, d, true);
			pkt_end(taken, dr, false);
		} else if (pkt_pair(s, d)) {
			good_pkt(taken, s, false);
			pkt_end(fall, sr, true);
		} else {
			return false;
		}
		return true;
	case BPF_JLE:   /* d <= s */
		if (pkt_pair(d, s)) {
			good_pkt(taken, d, false);
			pkt_end(fall, dr, true);
		} else if (pkt_pair(s, d)) {
			good_pkt(fall, s, true);
			pkt_end(taken, sr, false);
		} else {
			return false;
		}
		return true;
	default:
		return false;
	}
}

static void refine_side(struct vm_env *env, struct vm_state *st, const struct bpf_insn *insn,
			bool taken)
{
	struct vm_frame *f = st->frame[st->curframe];
	struct vm_reg *d = &f->regs[insn->dst_reg], k, *s;
	bool is32 = BPF_CLASS(insn->code) == BPF_JMP32;

	if (BPF_SRC(insn->code) == BPF_X) {
		s = &f->regs[insn->src_reg];
	} else {
		memset(&k, 0, sizeof(k));
		k.type = VM_SCALAR;
		scalar_set_const(&k.s, is32 ? (uint32_t)insn->imm : (uint64_t)(int64_t)insn->imm);
		s = &k;
	}
	if (d->type == VM_SCALAR && s->type == VM_SCALAR) {
		if (d == s)
			return;
		scalar_refine(&d->s, &s->s, BPF_OP(insn->code), is32, taken);
		vm_sync_linked(env, st, d);
		if (s != &k)
			vm_sync_linked(env, st, s);
	}
}

int vm_exec_cond_jmp(struct vm_env *env, const struct bpf_insn *insn)
{
	uint8_t op = BPF_OP(insn->code);
	bool is32 = BPF_CLASS(insn->code) == BPF_JMP32, x = BPF_SRC(insn->code) == BPF_X;
	struct vm_reg *d = vm_env__reg(env, insn->dst_reg), k, *s;
	int target = (int)vm_insn_jmp_target(insn, env->insn_idx), pred;
	struct vm_state *other;

	if (vm_env__check_read(env, insn->dst_reg) || (x && vm_env__check_read(env, insn->src_reg)))
		return -EACCES;
	if (x) {
		s = vm_env__reg(env, insn->src_reg);
	} else {
		memset(&k, 0, sizeof(k));
		k.type = VM_SCALAR;
		scalar_set_const(&k.s, is32 ? (uint32_t)insn->imm : (uint64_t)(int64_t)insn->imm);
		s = &k;
	}
	pred = branch_taken(env, d, s, op, is32);
	if (pred >= 0) {
		if (d->type == VM_SCALAR && vm_mark_precise(env, insn->dst_reg))
			return -EACCES;
		if (x && vm_env__reg(env, insn->src_reg)->type == VM_SCALAR &&
		    vm_mark_precise(env, insn->src_reg))
			return -EACCES;
		env->insn_idx = pred ? target : env->insn_idx + 1;
		return 0;
	}
	record_linked(env, insn, d);
	other = vm_env__push(env, target, env->insn_idx);
	if (!other)
		return -EACCES;
	{
		struct vm_frame *of = other->frame[other->curframe];
		struct vm_reg *od = &of->regs[insn->dst_reg], *os = x ? &of->regs[insn->src_reg] : &k;

		refine_side(env, other, insn, true);
		refine_side(env, env->cur, insn, false);
		if (!x && insn->imm == 0 && !is32 && (op == BPF_JEQ || op == BPF_JNE) &&
		    (d->flags & VM_F_MAYBE_NULL)) {
			uint32_t id = d->id;

			vm_mark_ptr_null(env, env->cur, id, op == BPF_JNE);
			vm_mark_ptr_null(env, other, id, op == BPF_JEQ);
		} else if (is_ptr(od) && is_ptr(os)) {
			match_pkt(insn, env->cur, other, d, s);
			if (x && !is32 && (op == BPF_JEQ || op == BPF_JNE))
				null_from_equal(op == BPF_JEQ ? other : env->cur, insn);
		}
	}
	env->insn_idx++;
	return 0;
}
