/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The scalar domain's state handling: constructors, the kernel's
 * reg_bounds_sync() (the five views of a value refining each other),
 * coercions for narrow and sign-extending loads, the regsafe inclusion
 * test and the verifier-log format. ALU rules are in scalar_alu.c,
 * branch rules in scalar_branch.c.
 */
#include <stdarg.h>
#include <stdio.h>
#include "verifier-model/scalar.h"
#include "verifier-model/scalar_internal.h"

#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))

void scalar_set_const(struct vm_scalar *s, uint64_t v)
{
	s->var_off = tnum_const(v);
	s->smin = s->smax = (int64_t)v;
	s->umin = s->umax = v;
	s->s32_min = s->s32_max = (int32_t)(uint32_t)v;
	s->u32_min = s->u32_max = (uint32_t)v;
}

void scalar_mark_unbounded64(struct vm_scalar *s)
{
	s->smin = INT64_MIN;
	s->smax = INT64_MAX;
	s->umin = 0;
	s->umax = UINT64_MAX;
}

void scalar_mark_unbounded32(struct vm_scalar *s)
{
	s->s32_min = INT32_MIN;
	s->s32_max = INT32_MAX;
	s->u32_min = 0;
	s->u32_max = UINT32_MAX;
}

void scalar_mark_unbounded(struct vm_scalar *s)
{
	scalar_mark_unbounded64(s);
	scalar_mark_unbounded32(s);
}

void scalar_set_unknown(struct vm_scalar *s)
{
	s->var_off = tnum_unknown();
	scalar_mark_unbounded(s);
}

void scalar_set_unknown_size(struct vm_scalar *s, int size)
{
	scalar_set_unknown(s);
	if (size < 8)
		scalar_coerce_size(s, size);
}

void scalar_set_unknown_size_sx(struct vm_scalar *s, int size)
{
	scalar_set_unknown(s);
	if (size < 8)
		scalar_coerce_size_sx(s, size);
}

void scalar_set_urange(struct vm_scalar *s, uint64_t min, uint64_t max)
{
	scalar_set_unknown(s);
	s->umin = min;
	s->umax = max;
	scalar_sync(s);
}

bool scalar_is_const(const struct vm_scalar *s)
{
	return tnum_is_const(s->var_off);
}

uint64_t scalar_const_value(const struct vm_scalar *s)
{
	return s->var_off.value;
}

/*
 * If [umin, umax] holds exactly one member of the tnum, the value is known
 * (6.18.y backport of "Improve bounds when tnum has a single possible
 * value"); the three shapes: that member is umin, tmax, or the one after.
 */
static void single_member(struct vm_scalar *s)
{
	struct tnum t = s->var_off;
	uint64_t next = tnum_step(t, s->umin), tmax = t.value | t.mask;
	bool umin_in = (s->umin & ~t.mask) == t.value;

	if (umin_in && next > s->umax)
		scalar_set_const(s, s->umin);
	else if (!umin_in && next == tmax)
		scalar_set_const(s, tmax);
	else if (!umin_in && next <= s->umax && tnum_step(t, next) > s->umax)
		scalar_set_const(s, next);
}

/* Tighten the bounds with what the known bits allow (__update_reg_bounds). */
void scalar_bounds_from_tnum(struct vm_scalar *s)
{
	struct tnum t = s->var_off, t32 = tnum_subreg(t);
	uint32_t v32 = (uint32_t)t32.value, m32 = (uint32_t)t32.mask;

	s->s32_min = MAX(s->s32_min, (int32_t)(v32 | (m32 & 0x80000000u)));
	s->s32_max = MIN(s->s32_max, (int32_t)(v32 | (m32 & 0x7fffffffu)));
	s->u32_min = MAX(s->u32_min, v32);
	s->u32_max = MIN(s->u32_max, v32 | m32);

	s->smin = MAX(s->smin, (int64_t)(t.value | (t.mask & (1ULL << 63))));
	s->smax = MIN(s->smax, (int64_t)(t.value | (t.mask & ~(1ULL << 63))));
	s->umin = MAX(s->umin, t.value);
	s->umax = MIN(s->umax, t.value | t.mask);
	single_member(s);
}

/* Intersect a with [lo, hi] in place; the type decides signedness. */
#define CLAMP(min, max, lo, hi) do {			\
		(min) = MAX((min), (lo));		\
		(max) = MIN((max), (hi));		\
	} while (0)

/* 64-bit bounds -> 32-bit bounds, and u32 <-> s32. */
static void deduce32(struct vm_scalar *s)
{
	int32_t lo_s, hi_s;

	/* Same upper half across the u64 range: the low halves form a range. */
	if ((s->umin >> 32) == (s->umax >> 32)) {
		CLAMP(s->u32_min, s->u32_max, (uint32_t)s->umin, (uint32_t)s->umax);
		lo_s = (int32_t)(uint32_t)s->umin;
		hi_s = (int32_t)(uint32_t)s->umax;
		if (lo_s <= hi_s)
			CLAMP(s->s32_min, s->s32_max, lo_s, hi_s);
	}
	if ((s->smin >> 32) == (s->smax >> 32)) {
		if ((uint32_t)s->smin <= (uint32_t)s->smax)
			CLAMP(s->u32_min, s->u32_max, (uint32_t)s->smin, (uint32_t)s->smax);
		lo_s = (int32_t)(uint32_t)s->smin;
		hi_s = (int32_t)(uint32_t)s->smax;
		if (lo_s <= hi_s)
			CLAMP(s->s32_min, s->s32_max, lo_s, hi_s);
	}
	/* Upper halves n and n+1 with the low half crossing from negative
	 * to non-negative: still one s32 range. */
	if ((uint32_t)(s->umin >> 32) + 1 == (uint32_t)(s->umax >> 32) &&
	    (int32_t)(uint32_t)s->umin < 0 && (int32_t)(uint32_t)s->umax >= 0)
		CLAMP(s->s32_min, s->s32_max, (int32_t)(uint32_t)s->umin,
		      (int32_t)(uint32_t)s->umax);
	if ((uint32_t)((uint64_t)s->smin >> 32) + 1 ==
		    (uint32_t)((uint64_t)s->smax >> 32) &&
	    (int32_t)(uint32_t)s->smin < 0 && (int32_t)(uint32_t)s->smax >= 0)
		CLAMP(s->s32_min, s->s32_max, (int32_t)(uint32_t)s->smin,
		      (int32_t)(uint32_t)s->smax);
	/* u32 range not crossing the s32 sign boundary is an s32 range... */
	if ((int32_t)s->u32_min <= (int32_t)s->u32_max)
		CLAMP(s->s32_min, s->s32_max, (int32_t)s->u32_min, (int32_t)s->u32_max);
	/* ...and vice versa; an s32 range that wraps around still helps
	 * when the u32 range meets only one of its two pieces (as in 64-bit,
	 * 6.18.y backport). */
	if ((uint32_t)s->s32_min <= (uint32_t)s->s32_max) {
		CLAMP(s->u32_min, s->u32_max, (uint32_t)s->s32_min, (uint32_t)s->s32_max);
	} else if (s->u32_max < (uint32_t)s->s32_min) {
		s->s32_min = (int32_t)s->u32_min;
		s->u32_max = MIN(s->u32_max, (uint32_t)s->s32_max);
	} else if ((uint32_t)s->s32_max < s->u32_min) {
		s->s32_max = (int32_t)s->u32_max;
		s->u32_min = MAX(s->u32_min, (uint32_t)s->s32_min);
	}
}

/* u64 <-> s64, including the s64-range-wraps-around case. */
static void deduce64(struct vm_scalar *s)
{
	if ((int64_t)s->umin <= (int64_t)s->umax)
		CLAMP(s->smin, s->smax, (int64_t)s->umin, (int64_t)s->umax);
	if ((uint64_t)s->smin <= (uint64_t)s->smax) {
		CLAMP(s->umin, s->umax, (uint64_t)s->smin, (uint64_t)s->smax);
	} else if (s->umax < (uint64_t)s->smin) {
		/* u64 range meets only the non-negative part of s64 */
		s->smin = (int64_t)s->umin;
		s->umax = MIN(s->umax, (uint64_t)s->smax);
	} else if ((uint64_t)s->smax < s->umin) {
		/* u64 range meets only the negative part of s64 */
		s->smax = (int64_t)s->umax;
		s->umin = MAX(s->umin, (uint64_t)s->smin);
	}
}

/* 32-bit bounds -> 64-bit bounds. */
static void deduce_mixed(struct vm_scalar *s)
{
	const uint64_t hi = ~0xffffffffULL;
	uint64_t nu_min = (s->umin & hi) | s->u32_min;
	uint64_t nu_max = (s->umax & hi) | s->u32_max;
	int64_t ns_min = (int64_t)(((uint64_t)s->smin & hi) | s->u32_min);
	int64_t ns_max = (int64_t)(((uint64_t)s->smax & hi) | s->u32_max);

	CLAMP(s->umin, s->umax, nu_min, nu_max);
	CLAMP(s->smin, s->smax, ns_min, ns_max);
	/* Within [S32_MIN, S32_MAX] with a non-negative low half: the upper
	 * half cannot be all ones (typical after a sign-extending load). */
	if (s->s32_min >= 0 && s->smin >= INT32_MIN && s->smax <= INT32_MAX) {
		s->smin = s->s32_min;
		s->smax = s->s32_max;
		s->umin = (uint64_t)(int64_t)s->s32_min;
		s->umax = (uint64_t)(int64_t)s->s32_max;
		s->var_off = tnum_intersect(s->var_off,
					    tnum_range((uint64_t)s->smin,
						       (uint64_t)s->smax));
	}
}

static void deduce_bounds(struct vm_scalar *s)
{
	deduce32(s);
	deduce64(s);
	deduce_mixed(s);
}

/* Learn known bits from the unsigned ranges (__reg_bound_offset). */
static void tnum_from_bounds(struct vm_scalar *s)
{
	struct tnum t64 = tnum_intersect(s->var_off, tnum_range(s->umin, s->umax));
	struct tnum t32 = tnum_intersect(tnum_subreg(t64),
					 tnum_range(s->u32_min, s->u32_max));

	s->var_off = tnum_or(tnum_clear_subreg(t64), t32);
}

/*
 * A known constant with every bound at its value, and a scalar with no
 * bound at all, are fixed points of the sync below: most scalars a walk
 * meets are one or the other, and the passes cost 700 instructions.
 */
static bool sync_fixed_point(const struct vm_scalar *s)
{
	uint64_t v = s->var_off.value;

	if (!s->var_off.mask)
		return s->umin == v && s->umax == v && s->smin == (int64_t)v &&
		       s->smax == (int64_t)v && s->u32_min == (uint32_t)v &&
		       s->u32_max == (uint32_t)v && s->s32_min == (int32_t)(uint32_t)v &&
		       s->s32_max == (int32_t)(uint32_t)v;
	return s->var_off.mask == UINT64_MAX && !v && !s->umin && s->umax == UINT64_MAX &&
	       s->smin == INT64_MIN && s->smax == INT64_MAX && !s->u32_min &&
	       s->u32_max == UINT32_MAX && s->s32_min == INT32_MIN && s->s32_max == INT32_MAX;
}

static void sync_passes(struct vm_scalar *s)
{
	scalar_bounds_from_tnum(s);
	/* 6.17+ runs the deduction three times: each pass can feed the next */
	deduce_bounds(s);
	deduce_bounds(s);
	deduce_bounds(s);
	tnum_from_bounds(s);
	scalar_bounds_from_tnum(s);
}

void scalar_sync(struct vm_scalar *s)
{
	if (!sync_fixed_point(s))
		sync_passes(s);
}

void scalar_zext32(struct vm_scalar *s)
{
	s->var_off = tnum_subreg(s->var_off);
	s->umin = s->u32_min;
	s->umax = s->u32_max;
	if (s->s32_min >= 0 && s->s32_max >= 0) {
		s->smin = s->s32_min;
		s->smax = s->s32_max;
	} else {
		s->smin = 0;
		s->smax = UINT32_MAX;
	}
}

/* Keep the low size bytes, zero-extended (coerce_reg_to_size). */
void scalar_coerce_size(struct vm_scalar *s, int size)
{
	uint64_t keep = (1ULL << (size * 8)) - 1;

	s->var_off = tnum_cast(s->var_off, (uint8_t)size);
	if ((s->umin & ~keep) == (s->umax & ~keep)) {
		s->umin &= keep;
		s->umax &= keep;
	} else {
		s->umin = 0;
		s->umax = keep;
	}
	s->smin = (int64_t)s->umin;
	s->smax = (int64_t)s->umax;
	if (size < 4)
		scalar_mark_unbounded32(s);
	scalar_sync(s);
}

bool scalar_range_within(const struct vm_scalar *old,
			 const struct vm_scalar *cur)
{
	return old->umin <= cur->umin && old->umax >= cur->umax &&
	       old->smin <= cur->smin && old->smax >= cur->smax &&
	       old->u32_min <= cur->u32_min && old->u32_max >= cur->u32_max &&
	       old->s32_min <= cur->s32_min && old->s32_max >= cur->s32_max &&
	       tnum_in(old->var_off, cur->var_off);
}

bool scalar_equal(const struct vm_scalar *a, const struct vm_scalar *b)
{
	return tnum_equals(a->var_off, b->var_off) &&
	       a->smin == b->smin && a->smax == b->smax &&
	       a->umin == b->umin && a->umax == b->umax &&
	       a->s32_min == b->s32_min && a->s32_max == b->s32_max &&
	       a->u32_min == b->u32_min && a->u32_max == b->u32_max;
}

bool scalar_contains(const struct vm_scalar *s, uint64_t v)
{
	uint32_t v32 = (uint32_t)v;

	return tnum_in(s->var_off, tnum_const(v)) &&
	       s->umin <= v && v <= s->umax &&
	       s->smin <= (int64_t)v && (int64_t)v <= s->smax &&
	       s->u32_min <= v32 && v32 <= s->u32_max &&
	       s->s32_min <= (int32_t)v32 && (int32_t)v32 <= s->s32_max;
}

/* Appends to a bounded buffer, counting what would have been written. */
struct outbuf {
	char *buf;
	size_t len, pos;
};

static void out(struct outbuf *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(o->pos < o->len ? o->buf + o->pos : NULL,
		      o->pos < o->len ? o->len - o->pos : 0, fmt, ap);
	va_end(ap);
	if (n > 0)
		o->pos += (size_t)n;
}

/* The log prints small numbers in decimal, others in hex. */
static void out_snum(struct outbuf *o, int64_t v)
{
	if (v >= INT16_MIN && v <= INT16_MAX)
		out(o, "%lld", (long long)v);
	else
		out(o, "0x%llx", (unsigned long long)v);
}

static void out_unum(struct outbuf *o, uint64_t v)
{
	if (v <= UINT16_MAX)
		out(o, "%llu", (unsigned long long)v);
	else
		out(o, "0x%llx", (unsigned long long)v);
}

struct named_bound {
	const char *name;
	uint64_t val;
	bool omit;
};

/* 32-bit signed bounds print sign-extended only when shown in decimal. */
static uint64_t s32_shown(int32_t v)
{
	if (v >= INT16_MIN && v <= INT16_MAX)
		return (uint64_t)(int64_t)v;
	return (uint32_t)v;
}

/*
 * Bounds that are not trivially unbounded, in the kernel's order; a later
 * bound of the same signedness with the same value joins an earlier one
 * ("smin=smin32=-1").
 */
static void out_ranges(struct outbuf *o, const struct vm_scalar *s)
{
	struct named_bound b[] = {
		{ "smin", (uint64_t)s->smin, s->smin == INT64_MIN },
		{ "smax", (uint64_t)s->smax, s->smax == INT64_MAX },
		{ "umin", s->umin, s->umin == 0 },
		{ "umax", s->umax, s->umax == UINT64_MAX },
		{ "smin32", s32_shown(s->s32_min), s->s32_min == INT32_MIN },
		{ "smax32", s32_shown(s->s32_max), s->s32_max == INT32_MAX },
		{ "umin32", s->u32_min, s->u32_min == 0 },
		{ "umax32", s->u32_max, s->u32_max == UINT32_MAX },
	};
	size_t n = sizeof(b) / sizeof(b[0]), i, j;
	const char *sep = "";

	for (i = 0; i < n; i++) {
		bool neg = b[i].name[0] == 's' && (int64_t)b[i].val < 0;

		if (b[i].omit)
			continue;
		out(o, "%s%s=", sep, b[i].name);
		sep = ",";
		for (j = i + 2; j < n; j += 2) {
			bool neg2 = b[j].name[0] == 's' && (int64_t)b[j].val < 0;

			if (b[j].omit || b[j].val != b[i].val || neg2 != neg)
				continue;
			b[j].omit = true;
			out(o, "%s=", b[j].name);
		}
		if (b[i].name[0] == 's')
			out_snum(o, (int64_t)b[i].val);
		else
			out_unum(o, b[i].val);
	}
	if (!tnum_is_unknown(s->var_off)) {
		char t[48];

		tnum_snprint(t, sizeof(t), s->var_off);
		out(o, "%svar_off=%s", sep, t);
	}
}

int scalar_snprint(char *buf, size_t len, const struct vm_scalar *s)
{
	struct outbuf o = { buf, len, 0 };

	if (len)
		buf[0] = '\0';
	if (scalar_is_const(s))
		out_snum(&o, (int64_t)s->var_off.value);
	else
		out_ranges(&o, s);
	return (int)o.pos;
}
