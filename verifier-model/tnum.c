/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Tristate numbers: each bit known-0, known-1 or unknown (mask bit set).
 * The operations follow the Linux 6.18 verifier's tnum rules exactly, so
 * that the model's bounds agree with the kernel's bit for bit.
 */
#include <stdio.h>
#include "verifier-model/scalar.h"

static struct tnum mk(uint64_t value, uint64_t mask)
{
	struct tnum t = { .value = value, .mask = mask };
	return t;
}

struct tnum tnum_const(uint64_t v)
{
	return mk(v, 0);
}

struct tnum tnum_unknown(void)
{
	return mk(0, ~0ULL);
}

/* Smallest tnum covering [min, max]: the bits below the highest differing
 * bit become unknown. */
struct tnum tnum_range(uint64_t min, uint64_t max)
{
	uint64_t diff = min ^ max, low;

	if (!diff)
		return mk(min, 0);
	if (diff >> 63)
		return tnum_unknown();
	low = (1ULL << (64 - __builtin_clzll(diff))) - 1;
	return mk(min & ~low, low);
}

bool tnum_is_const(struct tnum t)
{
	return t.mask == 0;
}

bool tnum_is_unknown(struct tnum t)
{
	return t.mask == ~0ULL;
}

bool tnum_in(struct tnum outer, struct tnum inner)
{
	if (inner.mask & ~outer.mask)
		return false;
	return outer.value == (inner.value & ~outer.mask);
}

bool tnum_overlap(struct tnum a, struct tnum b)
{
	uint64_t known = ~a.mask & ~b.mask;

	return (a.value & known) == (b.value & known);
}

struct tnum tnum_add(struct tnum a, struct tnum b)
{
	uint64_t sum = a.value + b.value;
	/* Bits where the carry chain can differ between the extremes. */
	uint64_t carries = (sum + a.mask + b.mask) ^ sum;
	uint64_t mask = carries | a.mask | b.mask;

	return mk(sum & ~mask, mask);
}

struct tnum tnum_sub(struct tnum a, struct tnum b)
{
	uint64_t diff = a.value - b.value;
	uint64_t borrows = (diff + a.mask) ^ (diff - b.mask);
	uint64_t mask = borrows | a.mask | b.mask;

	return mk(diff & ~mask, mask);
}

struct tnum tnum_neg(struct tnum a)
{
	return tnum_sub(tnum_const(0), a);
}

struct tnum tnum_and(struct tnum a, struct tnum b)
{
	uint64_t ones = a.value & b.value;
	uint64_t maybe = (a.value | a.mask) & (b.value | b.mask);

	return mk(ones, maybe & ~ones);
}

struct tnum tnum_or(struct tnum a, struct tnum b)
{
	uint64_t ones = a.value | b.value;

	return mk(ones, (a.mask | b.mask) & ~ones);
}

struct tnum tnum_xor(struct tnum a, struct tnum b)
{
	uint64_t mask = a.mask | b.mask;

	return mk((a.value ^ b.value) & ~mask, mask);
}

/* Everything either a or b may be. */
struct tnum tnum_union(struct tnum a, struct tnum b)
{
	uint64_t mask = (a.value ^ b.value) | a.mask | b.mask;

	return mk(a.value & b.value & ~mask, mask);
}

/*
 * Shift-and-add multiplication over tnums. For an unknown bit of a the
 * partial sum is either acc or acc + b, so keep their union (6.18's
 * algorithm, more precise than the older value/mask split).
 */
struct tnum tnum_mul(struct tnum a, struct tnum b)
{
	struct tnum acc = mk(0, 0);

	while (a.value || a.mask) {
		if (a.value & 1)
			acc = tnum_add(acc, b);
		else if (a.mask & 1)
			acc = tnum_union(acc, tnum_add(acc, b));
		a = tnum_rshift(a, 1);
		b = tnum_lshift(b, 1);
	}
	return acc;
}

struct tnum tnum_lshift(struct tnum a, uint8_t shift)
{
	return mk(a.value << shift, a.mask << shift);
}

struct tnum tnum_rshift(struct tnum a, uint8_t shift)
{
	return mk(a.value >> shift, a.mask >> shift);
}

/* Arithmetic shift: the sign bit (and its uncertainty) is replicated. */
struct tnum tnum_arshift(struct tnum a, uint8_t shift, uint8_t insn_bitness)
{
	if (insn_bitness == 32)
		return mk((uint32_t)((int32_t)(uint32_t)a.value >> shift),
			  (uint32_t)((int32_t)(uint32_t)a.mask >> shift));
	return mk((uint64_t)((int64_t)a.value >> shift),
		  (uint64_t)((int64_t)a.mask >> shift));
}

/* Known in either means known; a known-1 wins a disagreement (as in the
 * kernel, where callers only intersect compatible tnums). */
struct tnum tnum_intersect(struct tnum a, struct tnum b)
{
	uint64_t mask = a.mask & b.mask;

	return mk((a.value | b.value) & ~mask, mask);
}

/* Smallest member of t that is >= y, or t's maximum if there is none. */
static uint64_t tnum_ceil(struct tnum t, uint64_t y)
{
	uint64_t known = ~t.mask, clash = (y ^ t.value) & known, above, free;
	int i;

	if (!clash)
		return y;
	i = 63 - __builtin_clzll(clash);	/* highest conflicting bit */
	above = i == 63 ? 0 : ~0ULL << (i + 1);
	if (t.value >> i & 1)	/* t needs a 1 where y has 0: y's prefix + t's minimum */
		return (y & above) | t.value;
	/* y has a 1 where t needs 0: bump the prefix at its lowest free 0 */
	free = above & t.mask & ~y;
	if (!free)
		return t.value | t.mask;
	free &= -free;
	return ((y & above & ~(free - 1)) | free) | t.value;
}

uint64_t tnum_step(struct tnum t, uint64_t z)
{
	uint64_t tmax = t.value | t.mask;

	if (z >= tmax)
		return tmax;
	if (z < t.value)
		return t.value;
	return tnum_ceil(t, z + 1);
}

struct tnum tnum_bswap16(struct tnum a)
{
	return mk(__builtin_bswap16((uint16_t)a.value),
		  __builtin_bswap16((uint16_t)a.mask));
}

struct tnum tnum_bswap32(struct tnum a)
{
	return mk(__builtin_bswap32((uint32_t)a.value),
		  __builtin_bswap32((uint32_t)a.mask));
}

struct tnum tnum_bswap64(struct tnum a)
{
	return mk(__builtin_bswap64(a.value), __builtin_bswap64(a.mask));
}

struct tnum tnum_cast(struct tnum a, uint8_t size)
{
	uint64_t keep = size >= 8 ? ~0ULL : (1ULL << (size * 8)) - 1;

	return mk(a.value & keep, a.mask & keep);
}

struct tnum tnum_subreg(struct tnum a)
{
	return tnum_cast(a, 4);
}

struct tnum tnum_clear_subreg(struct tnum a)
{
	return tnum_lshift(tnum_rshift(a, 32), 32);
}

struct tnum tnum_with_subreg(struct tnum reg, struct tnum subreg)
{
	return tnum_or(tnum_clear_subreg(reg), tnum_subreg(subreg));
}

struct tnum tnum_const_subreg(struct tnum a, uint32_t v)
{
	return tnum_with_subreg(a, tnum_const(v));
}

bool tnum_subreg_is_const(struct tnum a)
{
	return (uint32_t)a.mask == 0;
}

bool tnum_equals(struct tnum a, struct tnum b)
{
	return a.value == b.value && a.mask == b.mask;
}

/* The kernel's %#llx prints zero as 0x0, unlike glibc: spell the 0x. */
int tnum_snprint(char *buf, size_t len, struct tnum a)
{
	return snprintf(buf, len, "(0x%llx; 0x%llx)", (unsigned long long)a.value,
			(unsigned long long)a.mask);
}
