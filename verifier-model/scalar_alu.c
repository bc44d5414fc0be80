/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ALU rules of the scalar domain, as Linux 6.18's
 * adjust_scalar_min_max_vals() applies them: each operation updates the
 * 32-bit and the 64-bit bounds and the tnum separately, ALU32 results
 * are zero-extended, then reg_bounds_sync() reconciles everything.
 * Operations the kernel does not track (DIV, MOD, shifts by a
 * non-constant or out-of-range amount) give a fully unknown register;
 * BPF_END keeps the swapped known bits (6.18.y tracks them).
 */
#include <linux/bpf.h>
#include "verifier-model/scalar.h"
#include "verifier-model/scalar_internal.h"

#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))

/* ADD: signed bounds give up on any overflow; unsigned ones only when
 * the low end does not wrap but the high end does. */
static void add32(struct vm_scalar *d, const struct vm_scalar *s)
{
	bool lo, hi;

	if (__builtin_add_overflow(d->s32_min, s->s32_min, &d->s32_min) ||
	    __builtin_add_overflow(d->s32_max, s->s32_max, &d->s32_max)) {
		d->s32_min = INT32_MIN;
		d->s32_max = INT32_MAX;
	}
	lo = __builtin_add_overflow(d->u32_min, s->u32_min, &d->u32_min);
	hi = __builtin_add_overflow(d->u32_max, s->u32_max, &d->u32_max);
	if (!lo && hi) {
		d->u32_min = 0;
		d->u32_max = UINT32_MAX;
	}
}

static void add64(struct vm_scalar *d, const struct vm_scalar *s)
{
	bool lo, hi;

	if (__builtin_add_overflow(d->smin, s->smin, &d->smin) ||
	    __builtin_add_overflow(d->smax, s->smax, &d->smax)) {
		d->smin = INT64_MIN;
		d->smax = INT64_MAX;
	}
	lo = __builtin_add_overflow(d->umin, s->umin, &d->umin);
	hi = __builtin_add_overflow(d->umax, s->umax, &d->umax);
	if (!lo && hi) {
		d->umin = 0;
		d->umax = UINT64_MAX;
	}
}

/* SUB: unsigned bounds give up when the low end wraps but not the high. */
static void sub32(struct vm_scalar *d, const struct vm_scalar *s)
{
	bool lo, hi;

	if (__builtin_sub_overflow(d->s32_min, s->s32_max, &d->s32_min) ||
	    __builtin_sub_overflow(d->s32_max, s->s32_min, &d->s32_max)) {
		d->s32_min = INT32_MIN;
		d->s32_max = INT32_MAX;
	}
	lo = __builtin_sub_overflow(d->u32_min, s->u32_max, &d->u32_min);
	hi = __builtin_sub_overflow(d->u32_max, s->u32_min, &d->u32_max);
	if (lo && !hi) {
		d->u32_min = 0;
		d->u32_max = UINT32_MAX;
	}
}

static void sub64(struct vm_scalar *d, const struct vm_scalar *s)
{
	bool lo, hi;

	if (__builtin_sub_overflow(d->smin, s->smax, &d->smin) ||
	    __builtin_sub_overflow(d->smax, s->smin, &d->smax)) {
		d->smin = INT64_MIN;
		d->smax = INT64_MAX;
	}
	lo = __builtin_sub_overflow(d->umin, s->umax, &d->umin);
	hi = __builtin_sub_overflow(d->umax, s->umin, &d->umax);
	if (lo && !hi) {
		d->umin = 0;
		d->umax = UINT64_MAX;
	}
}

/* MUL: unsigned from the products of the ends, signed from the four
 * corner products; any overflow means unbounded. */
static void mul32(struct vm_scalar *d, const struct vm_scalar *s)
{
	int32_t p[4];

	if (__builtin_mul_overflow(d->u32_max, s->u32_max, &d->u32_max) ||
	    __builtin_mul_overflow(d->u32_min, s->u32_min, &d->u32_min)) {
		d->u32_min = 0;
		d->u32_max = UINT32_MAX;
	}
	if (__builtin_mul_overflow(d->s32_min, s->s32_min, &p[0]) ||
	    __builtin_mul_overflow(d->s32_min, s->s32_max, &p[1]) ||
	    __builtin_mul_overflow(d->s32_max, s->s32_min, &p[2]) ||
	    __builtin_mul_overflow(d->s32_max, s->s32_max, &p[3])) {
		d->s32_min = INT32_MIN;
		d->s32_max = INT32_MAX;
		return;
	}
	d->s32_min = MIN(MIN(p[0], p[1]), MIN(p[2], p[3]));
	d->s32_max = MAX(MAX(p[0], p[1]), MAX(p[2], p[3]));
}

static void mul64(struct vm_scalar *d, const struct vm_scalar *s)
{
	int64_t p[4];

	if (__builtin_mul_overflow(d->umax, s->umax, &d->umax) ||
	    __builtin_mul_overflow(d->umin, s->umin, &d->umin)) {
		d->umin = 0;
		d->umax = UINT64_MAX;
	}
	if (__builtin_mul_overflow(d->smin, s->smin, &p[0]) ||
	    __builtin_mul_overflow(d->smin, s->smax, &p[1]) ||
	    __builtin_mul_overflow(d->smax, s->smin, &p[2]) ||
	    __builtin_mul_overflow(d->smax, s->smax, &p[3])) {
		d->smin = INT64_MIN;
		d->smax = INT64_MAX;
		return;
	}
	d->smin = MIN(MIN(p[0], p[1]), MIN(p[2], p[3]));
	d->smax = MAX(MAX(p[0], p[1]), MAX(p[2], p[3]));
}

/* Signed bounds of a bitwise result: the unsigned ones if they do not
 * cross the sign boundary, else nothing. */
static void signed_from_unsigned32(struct vm_scalar *d)
{
	if ((int32_t)d->u32_min <= (int32_t)d->u32_max) {
		d->s32_min = (int32_t)d->u32_min;
		d->s32_max = (int32_t)d->u32_max;
	} else {
		d->s32_min = INT32_MIN;
		d->s32_max = INT32_MAX;
	}
}

static void signed_from_unsigned64(struct vm_scalar *d)
{
	if ((int64_t)d->umin <= (int64_t)d->umax) {
		d->smin = (int64_t)d->umin;
		d->smax = (int64_t)d->umax;
	} else {
		d->smin = INT64_MIN;
		d->smax = INT64_MAX;
	}
}

/* 32-bit half becomes the constant v, upper tnum half kept. */
static void mark32_known(struct vm_scalar *d, uint32_t v)
{
	d->var_off = tnum_const_subreg(d->var_off, v);
	d->s32_min = d->s32_max = (int32_t)v;
	d->u32_min = d->u32_max = v;
}

/*
 * AND/OR/XOR: d->var_off already holds the result tnum. The minimum
 * (AND, XOR) or maximum (OR, XOR) comes from it, the other end from the
 * operands.
 */
static void bitwise32(struct vm_scalar *d, const struct vm_scalar *s, uint8_t op)
{
	struct tnum t = tnum_subreg(d->var_off);

	if (tnum_subreg_is_const(s->var_off) && tnum_subreg_is_const(d->var_off)) {
		mark32_known(d, (uint32_t)t.value);
		return;
	}
	if (op == BPF_AND) {
		d->u32_min = (uint32_t)t.value;
		d->u32_max = MIN(d->u32_max, s->u32_max);
	} else if (op == BPF_OR) {
		d->u32_min = MAX(d->u32_min, s->u32_min);
		d->u32_max = (uint32_t)(t.value | t.mask);
	} else {
		d->u32_min = (uint32_t)t.value;
		d->u32_max = (uint32_t)(t.value | t.mask);
	}
	signed_from_unsigned32(d);
}

static void bitwise64(struct vm_scalar *d, const struct vm_scalar *s, uint8_t op)
{
	struct tnum t = d->var_off;

	if (tnum_is_const(s->var_off) && tnum_is_const(t)) {
		scalar_set_const(d, t.value);
		return;
	}
	if (op == BPF_AND) {
		d->umin = t.value;
		d->umax = MIN(d->umax, s->umax);
	} else if (op == BPF_OR) {
		d->umin = MAX(d->umin, s->umin);
		d->umax = t.value | t.mask;
	} else {
		d->umin = t.value;
		d->umax = t.value | t.mask;
	}
	signed_from_unsigned64(d);
	scalar_bounds_from_tnum(d);
}

/* LSH of the 32-bit bounds; sign is lost. */
static void lsh32_bounds(struct vm_scalar *d, uint64_t lo, uint64_t hi)
{
	d->s32_min = INT32_MIN;
	d->s32_max = INT32_MAX;
	if (hi > 31 || d->u32_max > 1ULL << (31 - hi)) {
		d->u32_min = 0;
		d->u32_max = UINT32_MAX;
	} else {
		d->u32_min <<= lo;
		d->u32_max <<= hi;
	}
}

static void lsh64(struct vm_scalar *d, uint64_t sh)
{
	/* <<32 keeps the s32 bounds as the high half: the sign-extension
	 * idiom "<<32 s>>32" stays precise. */
	if (sh == 32) {
		d->smin = (int64_t)((uint64_t)(int64_t)d->s32_min << 32);
		d->smax = (int64_t)((uint64_t)(int64_t)d->s32_max << 32);
	} else {
		d->smin = INT64_MIN;
		d->smax = INT64_MAX;
	}
	if (d->umax > 1ULL << (63 - sh)) {
		d->umin = 0;
		d->umax = UINT64_MAX;
	} else {
		d->umin <<= sh;
		d->umax <<= sh;
	}
	lsh32_bounds(d, sh, sh);
	d->var_off = tnum_lshift(d->var_off, (uint8_t)sh);
	scalar_bounds_from_tnum(d);
}

static void lsh32(struct vm_scalar *d, uint32_t sh)
{
	struct tnum sub = tnum_subreg(d->var_off);

	lsh32_bounds(d, sh, sh);
	d->var_off = tnum_subreg(tnum_lshift(sub, (uint8_t)sh));
	scalar_mark_unbounded64(d);
	scalar_bounds_from_tnum(d);
}

static void rsh64(struct vm_scalar *d, uint64_t sh)
{
	d->smin = INT64_MIN;
	d->smax = INT64_MAX;
	d->var_off = tnum_rshift(d->var_off, (uint8_t)sh);
	d->umin >>= sh;
	d->umax >>= sh;
	scalar_mark_unbounded32(d);
	scalar_bounds_from_tnum(d);
}

static void rsh32(struct vm_scalar *d, uint32_t sh)
{
	struct tnum sub = tnum_subreg(d->var_off);

	d->s32_min = INT32_MIN;
	d->s32_max = INT32_MAX;
	d->var_off = tnum_rshift(sub, (uint8_t)sh);
	d->u32_min >>= sh;
	d->u32_max >>= sh;
	scalar_mark_unbounded64(d);
	scalar_bounds_from_tnum(d);
}

static void arsh64(struct vm_scalar *d, uint64_t sh)
{
	d->smin >>= sh;
	d->smax >>= sh;
	d->var_off = tnum_arshift(d->var_off, (uint8_t)sh, 64);
	d->umin = 0;
	d->umax = UINT64_MAX;
	scalar_mark_unbounded32(d);
	scalar_bounds_from_tnum(d);
}

static void arsh32(struct vm_scalar *d, uint32_t sh)
{
	d->s32_min >>= sh;
	d->s32_max >>= sh;
	d->var_off = tnum_arshift(tnum_subreg(d->var_off), (uint8_t)sh, 32);
	d->u32_min = 0;
	d->u32_max = UINT32_MAX;
	scalar_mark_unbounded64(d);
	scalar_bounds_from_tnum(d);
}

/*
 * The kernel computes bounds only for ADD/SUB/NEG/MUL/AND/OR/XOR, and for
 * shifts by a constant below the width (is_safe_to_compute_dst_reg_range).
 * Note the shift test uses the 64-bit umax even for ALU32.
 */
static bool computable(const struct vm_scalar *s, uint8_t op, bool alu64)
{
	bool is_const = alu64 ?
		tnum_is_const(s->var_off) && s->smin == s->smax && s->umin == s->umax :
		tnum_subreg_is_const(s->var_off) && s->s32_min == s->s32_max &&
		s->u32_min == s->u32_max;

	switch (op) {
	case BPF_ADD: case BPF_SUB: case BPF_NEG: case BPF_MUL:
	case BPF_AND: case BPF_OR: case BPF_XOR:
		return true;
	case BPF_LSH: case BPF_RSH: case BPF_ARSH:
		return is_const && s->umax < (alu64 ? 64u : 32u);
	default:
		return false;
	}
}

static void shift(struct vm_scalar *d, const struct vm_scalar *s, uint8_t op,
		  bool alu64)
{
	if (alu64) {
		if (op == BPF_LSH)
			lsh64(d, s->umin);
		else if (op == BPF_RSH)
			rsh64(d, s->umin);
		else
			arsh64(d, s->umin);
	} else {
		if (op == BPF_LSH)
			lsh32(d, s->u32_min);
		else if (op == BPF_RSH)
			rsh32(d, s->u32_min);
		else
			arsh32(d, s->u32_min);
	}
}

/* The arithmetic and bitwise operations, 32- and 64-bit halves. */
static void arith(struct vm_scalar *d, const struct vm_scalar *s, uint8_t op)
{
	struct vm_scalar old;

	switch (op) {
	case BPF_ADD:
		add32(d, s);
		add64(d, s);
		d->var_off = tnum_add(d->var_off, s->var_off);
		break;
	case BPF_SUB:
		sub32(d, s);
		sub64(d, s);
		d->var_off = tnum_sub(d->var_off, s->var_off);
		break;
	case BPF_NEG:	/* 0 - old */
		old = *d;
		scalar_set_const(d, 0);
		sub32(d, &old);
		sub64(d, &old);
		d->var_off = tnum_neg(old.var_off);
		break;
	case BPF_MUL:
		d->var_off = tnum_mul(d->var_off, s->var_off);
		mul32(d, s);
		mul64(d, s);
		break;
	case BPF_AND:
		d->var_off = tnum_and(d->var_off, s->var_off);
		bitwise32(d, s, op);
		bitwise64(d, s, op);
		break;
	case BPF_OR:
		d->var_off = tnum_or(d->var_off, s->var_off);
		bitwise32(d, s, op);
		bitwise64(d, s, op);
		break;
	case BPF_XOR:
		d->var_off = tnum_xor(d->var_off, s->var_off);
		bitwise32(d, s, op);
		bitwise64(d, s, op);
		break;
	}
}

static void mov(struct vm_scalar *dst, const struct vm_scalar *src, bool alu64,
		int16_t off)
{
	if (off) {
		scalar_movsx(dst, src, off, alu64);
		return;
	}
	*dst = *src;
	if (!alu64) {
		scalar_zext32(dst);
		scalar_sync(dst);
	}
}

void scalar_alu(struct vm_scalar *dst, const struct vm_scalar *src,
		uint8_t op, bool alu64, int16_t off)
{
	struct vm_scalar s;

	if (op == BPF_MOV) {
		mov(dst, src, alu64, off);
		return;
	}
	if (op == BPF_END) {	/* imm (the width) is not in our arguments */
		scalar_set_unknown(dst);
		return;
	}
	if (op == BPF_NEG)
		src = dst;
	s = *src;	/* src may alias dst (r1 += r1) */
	if (!computable(&s, op, alu64)) {
		scalar_set_unknown(dst);
		return;
	}
	if (op == BPF_LSH || op == BPF_RSH || op == BPF_ARSH)
		shift(dst, &s, op, alu64);
	else
		arith(dst, &s, op);
	if (!alu64)
		scalar_zext32(dst);
	scalar_sync(dst);
}

int scalar_fork_width(const struct vm_scalar *dst, const struct vm_scalar *src,
		      uint8_t op)
{
	if ((op != BPF_AND && op != BPF_OR) || !tnum_is_const(src->var_off))
		return 0;
	if (dst->smin == -1 && dst->smax == 0)
		return 64;
	if (dst->s32_min == -1 && dst->s32_max == 0)
		return 32;
	return 0;
}

void scalar_fork_split(struct vm_scalar *minus1, struct vm_scalar *zero,
		       int width)
{
	if (width == 64) {
		scalar_set_const(minus1, ~0ULL);
		scalar_set_const(zero, 0);
		return;
	}
	mark32_known(minus1, UINT32_MAX);
	mark32_known(zero, 0);
}

void scalar_bswap(struct vm_scalar *s, int bits, bool to_le_noop)
{
	/* A swap scrambles the order of values: keep only the known bits
	 * (swapped) and re-derive the bounds from them. */
	if (!to_le_noop) {
		s->var_off = bits == 16 ? tnum_bswap16(s->var_off) :
			     bits == 32 ? tnum_bswap32(s->var_off) :
			     tnum_bswap64(s->var_off);
		scalar_mark_unbounded(s);
	}
	if (bits == 16 || bits == 32)
		scalar_coerce_size(s, bits / 8);
	/* never zero-extended afterwards: be64/le64 keep the upper half */
	scalar_sync(s);
}

static int64_t sext(uint64_t v, int size)
{
	if (size == 1)
		return (int8_t)v;
	if (size == 2)
		return (int16_t)v;
	return (int32_t)v;
}

/* What an unknown value sign-extended from size bytes can be. */
static void sext64_default(struct vm_scalar *s, int size)
{
	int64_t lim = size == 1 ? INT8_MAX : size == 2 ? INT16_MAX : INT32_MAX;

	s->smin = -lim - 1;
	s->smax = lim;
	s->s32_min = (int32_t)(-lim - 1);
	s->s32_max = (int32_t)lim;
	s->umin = 0;
	s->umax = UINT64_MAX;
	s->u32_min = 0;
	s->u32_max = UINT32_MAX;
	s->var_off = tnum_unknown();
}

/*
 * No single interval. Measured on 6.18.44: if the low 32 bits, read as
 * s32, already lie in the narrow signed range, the result is the s32
 * value itself: the s64 bounds become the s32 ones (32-bit bounds kept,
 * known bits forgotten, then synced); otherwise the whole narrow range.
 */
static void sext64_fallback(struct vm_scalar *s, int size)
{
	int32_t lim = size == 1 ? INT8_MAX : size == 2 ? INT16_MAX : INT32_MAX;

	if (s->s32_min < -lim - 1 || s->s32_max > lim) {
		sext64_default(s, size);
		return;
	}
	s->smin = s->s32_min;
	s->smax = s->s32_max;
	s->umin = 0;
	s->umax = UINT64_MAX;
	s->var_off = tnum_unknown();
	scalar_sync(s);
}

void scalar_coerce_size_sx(struct vm_scalar *s, int size)
{
	unsigned bits = (unsigned)size * 8;
	int64_t a, b, lo, hi;

	if (tnum_is_const(s->var_off)) {
		scalar_set_const(s, (uint64_t)sext(s->var_off.value, size));
		return;
	}
	/* Only if the bits above the source width agree across the range
	 * does the sign-extended range stay one interval. */
	if (((uint64_t)s->smax >> bits) != ((uint64_t)s->smin >> bits)) {
		sext64_fallback(s, size);
		return;
	}
	a = sext((uint64_t)s->smin, size);
	b = sext((uint64_t)s->smax, size);
	lo = MIN(a, b);
	hi = MAX(a, b);
	if ((lo >= 0) != (hi >= 0)) {
		sext64_fallback(s, size);
		return;
	}
	s->smin = lo;
	s->smax = hi;
	s->s32_min = (int32_t)lo;
	s->s32_max = (int32_t)hi;
	s->umin = (uint64_t)lo;
	s->umax = (uint64_t)hi;
	s->u32_min = (uint32_t)lo;
	s->u32_max = (uint32_t)hi;
	s->var_off = tnum_range((uint64_t)lo, (uint64_t)hi);
}

/* The 32-bit variant (coerce_subreg_to_size_sx), for MOVSX32. */
static void coerce_subreg_sx(struct vm_scalar *s, int size)
{
	unsigned bits = (unsigned)size * 8;
	int32_t a, b, lo, hi, lim = size == 1 ? INT8_MAX : INT16_MAX;

	if (tnum_is_const(s->var_off)) {
		uint32_t v = (uint32_t)sext(s->var_off.value, size);

		s->var_off = tnum_const((uint64_t)sext(s->var_off.value, size));
		s->s32_min = s->s32_max = (int32_t)v;
		s->u32_min = s->u32_max = v;
		return;
	}
	if (((uint32_t)s->s32_max >> bits) != ((uint32_t)s->s32_min >> bits))
		goto unknown;
	a = (int32_t)sext((uint32_t)s->s32_min, size);
	b = (int32_t)sext((uint32_t)s->s32_max, size);
	lo = MIN(a, b);
	hi = MAX(a, b);
	if ((lo >= 0) != (hi >= 0))
		goto unknown;
	s->s32_min = lo;
	s->s32_max = hi;
	s->u32_min = (uint32_t)lo;
	s->u32_max = (uint32_t)hi;
	s->var_off = tnum_subreg(tnum_range((uint64_t)(int64_t)lo,
					    (uint64_t)(int64_t)hi));
	return;
unknown:
	s->s32_min = -lim - 1;
	s->s32_max = lim;
	s->u32_min = 0;
	s->u32_max = UINT32_MAX;
	s->var_off = tnum_subreg(tnum_unknown());
}

void scalar_movsx(struct vm_scalar *dst, const struct vm_scalar *src,
		  int bits, bool alu64)
{
	*dst = *src;
	if (alu64) {
		/* like the kernel, no reg_bounds_sync after a 64-bit movsx */
		scalar_coerce_size_sx(dst, bits / 8);
		return;
	}
	coerce_subreg_sx(dst, bits / 8);
	scalar_zext32(dst);
	scalar_sync(dst);
}
