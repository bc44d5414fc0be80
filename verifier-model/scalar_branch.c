/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Conditional jumps on two scalars, as Linux 6.18 handles them:
 * is_scalar_branch_taken() decides a branch from the bounds and tnums,
 * regs_refine_cond_op() + reg_bounds_sync() narrow both operands on each
 * side of an undecided one. Exactness matters: every branch decided
 * here is a path the model does not count, exactly as in the kernel.
 */
#include <linux/bpf.h>
#include "verifier-model/scalar.h"
#include "verifier-model/scalar_internal.h"

#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))

/* Internal opcode for "the JSET is false" (the kernel's BPF_JSET|BPF_X). */
#define JSET_FALSE (BPF_JSET | BPF_X)

/* One comparison width of a scalar: 32-bit views widened to 64 bits. */
struct view {
	struct tnum t;
	uint64_t umin, umax;
	int64_t smin, smax;
};

static struct view view_of(const struct vm_scalar *s, bool is32)
{
	struct view v;

	if (is32) {
		v.t = tnum_subreg(s->var_off);
		v.umin = s->u32_min;
		v.umax = s->u32_max;
		v.smin = s->s32_min;
		v.smax = s->s32_max;
	} else {
		v.t = s->var_off;
		v.umin = s->umin;
		v.umax = s->umax;
		v.smin = s->smin;
		v.smax = s->smax;
	}
	return v;
}

static bool is_const_w(const struct vm_scalar *s, bool is32)
{
	return is32 ? tnum_subreg_is_const(s->var_off) : tnum_is_const(s->var_off);
}

static uint64_t const_w(const struct vm_scalar *s, bool is32)
{
	return is32 ? (uint32_t)s->var_off.value : s->var_off.value;
}

/* Can a == b never hold? (JEQ never taken, JNE always taken) */
static bool never_equal(const struct vm_scalar *a, const struct vm_scalar *b,
			const struct view *x, const struct view *y, bool is32)
{
	if (!tnum_overlap(x->t, y->t))
		return true;
	if (x->umin > y->umax || x->umax < y->umin)
		return true;
	if (x->smin > y->smax || x->smax < y->smin)
		return true;
	/* a 64-bit compare can still be decided by the 32-bit halves */
	if (!is32 && (a->u32_min > b->u32_max || a->u32_max < b->u32_min))
		return true;
	if (!is32 && (a->s32_min > b->s32_max || a->s32_max < b->s32_min))
		return true;
	return false;
}

static int jset_taken(const struct vm_scalar *a, const struct vm_scalar *b,
		      bool is32)
{
	struct tnum t;
	uint64_t bits;

	if (!is_const_w(b, is32)) {
		const struct vm_scalar *tmp = a;

		a = b;
		b = tmp;
	}
	if (!is_const_w(b, is32))
		return -1;
	t = is32 ? tnum_subreg(a->var_off) : a->var_off;
	bits = const_w(b, is32);
	if (t.value & ~t.mask & bits)
		return 1;
	if (!((t.value | t.mask) & bits))
		return 0;
	return -1;
}

/* Ordered compares: 1 if x op y for all values, 0 if for none. */
static int order_taken(const struct view *x, const struct view *y, uint8_t op)
{
	switch (op) {
	case BPF_JGT:  return x->umin > y->umax ? 1 : x->umax <= y->umin ? 0 : -1;
	case BPF_JGE:  return x->umin >= y->umax ? 1 : x->umax < y->umin ? 0 : -1;
	case BPF_JLT:  return x->umax < y->umin ? 1 : x->umin >= y->umax ? 0 : -1;
	case BPF_JLE:  return x->umax <= y->umin ? 1 : x->umin > y->umax ? 0 : -1;
	case BPF_JSGT: return x->smin > y->smax ? 1 : x->smax <= y->smin ? 0 : -1;
	case BPF_JSGE: return x->smin >= y->smax ? 1 : x->smax < y->smin ? 0 : -1;
	case BPF_JSLT: return x->smax < y->smin ? 1 : x->smin >= y->smax ? 0 : -1;
	case BPF_JSLE: return x->smax <= y->smin ? 1 : x->smin > y->smax ? 0 : -1;
	default:       return -1;
	}
}

int scalar_branch_taken(const struct vm_scalar *a, const struct vm_scalar *b,
			uint8_t op, bool is32)
{
	struct view x = view_of(a, is32), y = view_of(b, is32);

	switch (op) {
	case BPF_JEQ:
		if (tnum_is_const(x.t) && tnum_is_const(y.t))
			return x.t.value == y.t.value;
		return never_equal(a, b, &x, &y, is32) ? 0 : -1;
	case BPF_JNE:
		if (tnum_is_const(x.t) && tnum_is_const(y.t))
			return x.t.value != y.t.value;
		return never_equal(a, b, &x, &y, is32) ? 1 : -1;
	case BPF_JSET:
		return jset_taken(a, b, is32);
	default:
		return order_taken(&x, &y, op);
	}
}

/* The opcode that holds on the other side of a jump. */
static uint8_t reverse_op(uint8_t op)
{
	switch (op) {
	case BPF_JEQ:  return BPF_JNE;
	case BPF_JNE:  return BPF_JEQ;
	case BPF_JSET: return JSET_FALSE;
	case JSET_FALSE: return BPF_JSET;
	case BPF_JGT:  return BPF_JLE;
	case BPF_JLE:  return BPF_JGT;
	case BPF_JGE:  return BPF_JLT;
	case BPF_JLT:  return BPF_JGE;
	case BPF_JSGT: return BPF_JSLE;
	case BPF_JSLE: return BPF_JSGT;
	case BPF_JSGE: return BPF_JSLT;
	case BPF_JSLT: return BPF_JSGE;
	default:       return op;
	}
}

/* a == b: both get the intersection. */
static void refine_eq(struct vm_scalar *a, struct vm_scalar *b, bool is32)
{
	struct tnum t;

	if (is32) {
		a->u32_min = MAX(a->u32_min, b->u32_min);
		a->u32_max = MIN(a->u32_max, b->u32_max);
		a->s32_min = MAX(a->s32_min, b->s32_min);
		a->s32_max = MIN(a->s32_max, b->s32_max);
		b->u32_min = a->u32_min;
		b->u32_max = a->u32_max;
		b->s32_min = a->s32_min;
		b->s32_max = a->s32_max;
		t = tnum_intersect(tnum_subreg(a->var_off), tnum_subreg(b->var_off));
		a->var_off = tnum_with_subreg(a->var_off, t);
		b->var_off = tnum_with_subreg(b->var_off, t);
		return;
	}
	a->umin = MAX(a->umin, b->umin);
	a->umax = MIN(a->umax, b->umax);
	a->smin = MAX(a->smin, b->smin);
	a->smax = MIN(a->smax, b->smax);
	b->umin = a->umin;
	b->umax = a->umax;
	b->smin = a->smin;
	b->smax = a->smax;
	a->var_off = tnum_intersect(a->var_off, b->var_off);
	b->var_off = a->var_off;
}

/* Wrapping +-1 (the kernel builds with -fno-strict-overflow; only a
 * decided branch, which the kernel never refines, can wrap). */
static int64_t inc64(int64_t v, int d)
{
	return (int64_t)((uint64_t)v + (uint64_t)(int64_t)d);
}

static int32_t inc32(int32_t v, int d)
{
	return (int32_t)((uint32_t)v + (uint32_t)d);
}

/* a != constant: an end of a's range equal to it moves inward. */
static void refine_ne(struct vm_scalar *a, uint64_t val, bool is32)
{
	if (is32) {
		if (a->u32_min == (uint32_t)val)
			a->u32_min++;
		if (a->u32_max == (uint32_t)val)
			a->u32_max--;
		if (a->s32_min == (int32_t)(uint32_t)val)
			a->s32_min = inc32(a->s32_min, 1);
		if (a->s32_max == (int32_t)(uint32_t)val)
			a->s32_max = inc32(a->s32_max, -1);
		return;
	}
	if (a->umin == val)
		a->umin++;
	if (a->umax == val)
		a->umax--;
	if (a->smin == (int64_t)val)
		a->smin = inc64(a->smin, 1);
	if (a->smax == (int64_t)val)
		a->smax = inc64(a->smax, -1);
}

/* a & constant != 0 teaches a bit only for a single-bit constant;
 * a & constant == 0 clears all of its bits. */
static void refine_jset(struct vm_scalar *a, uint64_t val, bool is32, bool set)
{
	struct tnum t = is32 ? tnum_subreg(a->var_off) : a->var_off;

	if (set) {
		if (!val || (val & (val - 1)))
			return;
		t = tnum_or(t, tnum_const(val));
	} else {
		/* bounds are forgotten first so a dead branch stays consistent */
		scalar_mark_unbounded(a);
		t = tnum_and(t, tnum_const(~val));
	}
	a->var_off = is32 ? tnum_with_subreg(a->var_off, t) : t;
}

/* a <= b (or a < b when strict), unsigned or signed, in one width. */
static void refine_le(struct vm_scalar *a, struct vm_scalar *b, bool is32,
		      bool is_signed, bool strict)
{
	unsigned d = strict ? 1 : 0;

	/* +-1 wraps like the kernel's (only reachable on a dead branch) */
	if (is32 && is_signed) {
		a->s32_max = MIN(a->s32_max, (int32_t)((uint32_t)b->s32_max - d));
		b->s32_min = MAX((int32_t)((uint32_t)a->s32_min + d), b->s32_min);
	} else if (is32) {
		a->u32_max = MIN(a->u32_max, b->u32_max - (uint32_t)d);
		b->u32_min = MAX(a->u32_min + (uint32_t)d, b->u32_min);
	} else if (is_signed) {
		a->smax = MIN(a->smax, (int64_t)((uint64_t)b->smax - d));
		b->smin = MAX((int64_t)((uint64_t)a->smin + d), b->smin);
	} else {
		a->umax = MIN(a->umax, b->umax - (uint64_t)d);
		b->umin = MAX(a->umin + (uint64_t)d, b->umin);
	}
}

/* regs_refine_cond_op(): narrow a and b given that `a op b` holds. */
static void refine_cond(struct vm_scalar *a, struct vm_scalar *b, uint8_t op,
			bool is32)
{
	struct vm_scalar *tmp;

	switch (op) {	/* a > b is b < a, and so on */
	case BPF_JGE: case BPF_JGT: case BPF_JSGE: case BPF_JSGT:
		op = op == BPF_JGE ? BPF_JLE : op == BPF_JGT ? BPF_JLT :
		     op == BPF_JSGE ? BPF_JSLE : BPF_JSLT;
		tmp = a;
		a = b;
		b = tmp;
		break;
	}
	switch (op) {
	case BPF_JEQ:
		refine_eq(a, b, is32);
		return;
	case BPF_JLE:  refine_le(a, b, is32, false, false); return;
	case BPF_JLT:  refine_le(a, b, is32, false, true);  return;
	case BPF_JSLE: refine_le(a, b, is32, true, false);  return;
	case BPF_JSLT: refine_le(a, b, is32, true, true);   return;
	case BPF_JNE: case BPF_JSET: case JSET_FALSE:
		break;
	default:
		return;
	}
	/* the rest learn only against a constant, on either side */
	if (!is_const_w(b, is32)) {
		tmp = a;
		a = b;
		b = tmp;
	}
	if (!is_const_w(b, is32))
		return;
	if (op == BPF_JNE)
		refine_ne(a, const_w(b, is32), is32);
	else
		refine_jset(a, const_w(b, is32), is32, op == BPF_JSET);
}

/* reg_bounds_sanity_check(): are the views still self-consistent? */
static bool consistent(const struct vm_scalar *s)
{
	uint64_t v = s->var_off.value;

	if (s->umin > s->umax || s->smin > s->smax ||
	    s->u32_min > s->u32_max || s->s32_min > s->s32_max)
		return false;
	if (tnum_is_const(s->var_off) &&
	    (s->umin != v || s->umax != v ||
	     s->smin != (int64_t)v || s->smax != (int64_t)v))
		return false;
	if (tnum_subreg_is_const(s->var_off) &&
	    (s->u32_min != (uint32_t)v || s->u32_max != (uint32_t)v ||
	     s->s32_min != (int32_t)(uint32_t)v ||
	     s->s32_max != (int32_t)(uint32_t)v))
		return false;
	return true;
}

bool scalar_refine(struct vm_scalar *a, struct vm_scalar *b, uint8_t op,
		   bool is32, bool taken)
{
	bool ok_a, ok_b;

	refine_cond(a, b, taken ? op : reverse_op(op), is32);
	scalar_sync(a);
	scalar_sync(b);
	ok_a = consistent(a);
	ok_b = consistent(b);
	/* 6.18 reports a verifier bug and forgets the bounds, keeping var_off */
	if (!ok_a)
		scalar_mark_unbounded(a);
	if (!ok_b)
		scalar_mark_unbounded(b);
	return ok_a && ok_b;
}
