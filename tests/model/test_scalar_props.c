// SPDX-License-Identifier: GPL-2.0-only
/*
 * Soundness of the scalar domain, by random testing: an abstract scalar
 * travels with a few concrete values it must contain. Every ALU op, load
 * coercion, sign extension and branch refinement is applied to both; the
 * concrete results must stay inside the abstract result, and a decided
 * branch must agree with every concrete pair.
 */
#include <criterion/criterion.h>
#include <linux/bpf.h>
#include <stdio.h>
#include "verifier-model/scalar.h"

#define NSAMP 6

struct tracked {
	struct vm_scalar a;
	uint64_t v[NSAMP];
	int n;
};

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

static uint64_t rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

/* Values near the edges where the 32/64-bit and signed/unsigned views
 * disagree. */
static uint64_t interesting(void)
{
	static const uint64_t base[] = {
		0, 0x7fffffffULL, 0x80000000ULL, 0xffffffffULL, 0x100000000ULL,
		0x7fffffffffffffffULL, 0x8000000000000000ULL, 0xffffffffffffff00ULL,
		0xffffffff80000000ULL,
	};
	uint64_t k = rnd() % 20, b = base[rnd() % (sizeof(base) / sizeof(base[0]))];

	switch (rnd() % 4) {
	case 0: return b + k;
	case 1: return b - k;
	case 2: return rnd() & (0xffULL << (8 * (rnd() % 8)));
	default: return rnd() % 300;
	}
}

static uint64_t concrete_alu(uint64_t d, uint64_t s, uint8_t op, bool alu64,
			     int16_t off)
{
	uint64_t w = alu64 ? 64 : 32, r;

	if (!alu64) {
		d = (uint32_t)d;
		s = (uint32_t)s;
	}
	switch (op) {
	case BPF_ADD: r = d + s; break;
	case BPF_SUB: r = d - s; break;
	case BPF_MUL: r = d * s; break;
	case BPF_OR:  r = d | s; break;
	case BPF_AND: r = d & s; break;
	case BPF_XOR: r = d ^ s; break;
	case BPF_NEG: r = -d; break;
	case BPF_LSH: r = d << (s & (w - 1)); break;
	case BPF_RSH: r = d >> (s & (w - 1)); break;
	case BPF_ARSH:
		r = alu64 ? (uint64_t)((int64_t)d >> (s & 63)) :
			    (uint32_t)((int32_t)(uint32_t)d >> (s & 31));
		break;
	case BPF_DIV: r = s ? d / s : 0; break;	/* off=0 only here */
	case BPF_MOD: r = s ? d % s : d; break;
	case BPF_MOV:
		if (!off)
			r = s;
		else if (off == 8)
			r = (uint64_t)(int64_t)(int8_t)s;
		else if (off == 16)
			r = (uint64_t)(int64_t)(int16_t)s;
		else
			r = (uint64_t)(int64_t)(int32_t)s;
		break;
	default: r = 0;
	}
	return alu64 ? r : (uint32_t)r;
}

static bool concrete_cond(uint64_t a, uint64_t b, uint8_t op, bool is32)
{
	int64_t sa = (int64_t)a, sb = (int64_t)b;

	if (is32) {
		a = (uint32_t)a;
		b = (uint32_t)b;
		sa = (int32_t)a;
		sb = (int32_t)b;
	}
	switch (op) {
	case BPF_JEQ:  return a == b;
	case BPF_JNE:  return a != b;
	case BPF_JSET: return a & b;
	case BPF_JGT:  return a > b;
	case BPF_JGE:  return a >= b;
	case BPF_JLT:  return a < b;
	case BPF_JLE:  return a <= b;
	case BPF_JSGT: return sa > sb;
	case BPF_JSGE: return sa >= sb;
	case BPF_JSLT: return sa < sb;
	default:       return sa <= sb;
	}
}

static void check(const struct tracked *t, const char *what)
{
	char buf[256];
	int i;

	for (i = 0; i < t->n; i++) {
		if (scalar_contains(&t->a, t->v[i]))
			continue;
		scalar_snprint(buf, sizeof(buf), &t->a);
		cr_assert_fail("%s: 0x%llx not in %s", what,
			 (unsigned long long)t->v[i], buf);
	}
}

static struct tracked fresh(void)
{
	struct tracked t;
	uint64_t lo, hi, x;
	int i, size = 1 << (rnd() % 4);

	t.n = NSAMP;
	switch (rnd() % 4) {
	case 0:
		x = interesting();
		scalar_set_const(&t.a, x);
		for (i = 0; i < t.n; i++)
			t.v[i] = x;
		break;
	case 1:
		lo = interesting();
		hi = interesting();
		if (lo > hi) {
			x = lo;
			lo = hi;
			hi = x;
		}
		scalar_set_urange(&t.a, lo, hi);
		t.v[0] = lo;
		t.v[1] = hi;
		for (i = 2; i < t.n; i++)
			t.v[i] = lo + rnd() % (hi - lo + 1 ? hi - lo + 1 : UINT64_MAX);
		break;
	case 2:
		scalar_set_unknown_size(&t.a, size);
		for (i = 0; i < t.n; i++)
			t.v[i] = size == 8 ? interesting() :
				 interesting() & ((1ULL << (8 * size)) - 1);
		break;
	default:
		if (size == 8)
			size = 4;
		scalar_set_unknown_size_sx(&t.a, size);
		for (i = 0; i < t.n; i++)
			t.v[i] = size == 1 ? (uint64_t)(int64_t)(int8_t)interesting() :
				 size == 2 ? (uint64_t)(int64_t)(int16_t)interesting() :
				 (uint64_t)(int64_t)(int32_t)interesting();
	}
	check(&t, "fresh");
	return t;
}

static const uint8_t alu_ops[] = {
	BPF_ADD, BPF_SUB, BPF_MUL, BPF_DIV, BPF_OR, BPF_AND, BPF_LSH, BPF_RSH,
	BPF_NEG, BPF_MOD, BPF_XOR, BPF_MOV, BPF_ARSH,
};
static const uint8_t jmp_ops[] = {
	BPF_JEQ, BPF_JGT, BPF_JGE, BPF_JSET, BPF_JNE, BPF_JSGT, BPF_JSGE,
	BPF_JLT, BPF_JLE, BPF_JSLT, BPF_JSLE,
};

/* "if rX op rX": one register as both operands, refined in place. */
static void step_branch_self(struct tracked *d)
{
	uint8_t op = jmp_ops[rnd() % sizeof(jmp_ops)];
	bool is32 = rnd() & 1, holds = concrete_cond(d->v[0], d->v[0], op, is32);
	int pred = scalar_branch_taken(&d->a, &d->a, op, is32);
	struct tracked t = *d;

	/* x op x is the same for every x */
	if (pred >= 0 && (bool)pred != holds)
		cr_assert_fail("self branch op 0x%x decided %d, holds %d", op, pred, holds);
	if (pred >= 0)
		return;
	scalar_refine(&t.a, &t.a, op, is32, holds);
	check(&t, "refine self");
	*d = t;
}

/* d op= s on abstract and concrete sides; samples pair up index-wise. */
static void step_alu(struct tracked *d, const struct tracked *s)
{
	uint8_t op = alu_ops[rnd() % sizeof(alu_ops)];
	bool alu64 = rnd() & 1;
	int16_t off = 0;
	int i;

	if (op == BPF_MOV && rnd() % 2) {
		static const int16_t offs[] = { 8, 16, 32 };

		off = offs[rnd() % (alu64 ? 3 : 2)];
	}
	scalar_alu(&d->a, &s->a, op, alu64, off);
	for (i = 0; i < d->n; i++)
		d->v[i] = concrete_alu(d->v[i], s->v[i % s->n], op, alu64, off);
	check(d, "alu");
}

/* Branch on d op s: decision sound, each side keeps its samples. */
static void step_branch(struct tracked *d, struct tracked *s)
{
	uint8_t op = jmp_ops[rnd() % sizeof(jmp_ops)];
	bool is32 = rnd() & 1, side[NSAMP];
	struct tracked sides[2][2];
	int i, k, pred, n_true = 0;

	pred = scalar_branch_taken(&d->a, &s->a, op, is32);
	for (i = 0; i < d->n; i++) {
		side[i] = concrete_cond(d->v[i], s->v[i % s->n], op, is32);
		n_true += side[i];
		if (pred >= 0 && side[i] != (bool)pred)
			cr_assert_fail("branch op 0x%x is32 %d decided %d, but 0x%llx vs 0x%llx is %d",
				 op, is32, pred, (unsigned long long)d->v[i],
				 (unsigned long long)s->v[i % s->n], side[i]);
	}
	for (k = 0; k < 2; k++) {
		struct tracked *a = &sides[k][0], *b = &sides[k][1];
		bool ok;

		*a = *d;
		*b = *s;
		ok = scalar_refine(&a->a, &b->a, op, is32, k);
		a->n = b->n = 0;
		for (i = 0; i < d->n; i++) {
			if (side[i] != (bool)k)
				continue;
			a->v[a->n++] = d->v[i];
			b->v[b->n++] = s->v[i % s->n];
		}
		if (a->n && !ok)
			cr_assert_fail("refine op 0x%x side %d called impossible", op, k);
		check(a, "refine dst");
		check(b, "refine src");
	}
	k = n_true && (!(d->n - n_true) || rnd() % 2);
	if (sides[k][0].n) {
		*d = sides[k][0];
		*s = sides[k][1];
	}
}

static void step_coerce(struct tracked *d)
{
	int size = 1 << (rnd() % 3), i;
	bool sx = rnd() & 1;

	if (sx)
		scalar_coerce_size_sx(&d->a, size);
	else
		scalar_coerce_size(&d->a, size);
	for (i = 0; i < d->n; i++) {
		uint64_t v = d->v[i];

		if (!sx)
			d->v[i] = v & ((1ULL << (8 * size)) - 1);
		else
			d->v[i] = size == 1 ? (uint64_t)(int64_t)(int8_t)v :
				  size == 2 ? (uint64_t)(int64_t)(int16_t)v :
				  (uint64_t)(int64_t)(int32_t)v;
	}
	check(d, sx ? "coerce_sx" : "coerce");
}

Test(props, random_chains_are_sound)
{
	int iter, step;

	for (iter = 0; iter < 40000; iter++) {
		struct tracked d = fresh(), s = fresh();

		for (step = 0; step < 6; step++) {
			unsigned what = rnd() % 10;

			if (what < 5)
				step_alu(&d, (rnd() & 3) ? &s : &d);
			else if (what < 8)
				step_branch(&d, &s);
			else if (what < 9)
				step_branch_self(&d);
			else
				step_coerce(&d);
			if (rnd() % 4 == 0)
				s = fresh();
		}
	}
}

/* Every tnum over 4 bits (3^4), against every member pair. */
static int members(struct tnum t, uint64_t *out)
{
	int n = 0;
	uint64_t x;

	for (x = 0; x < 16; x++)
		if (tnum_in(t, tnum_const(x)))
			out[n++] = x;
	return n;
}

static struct tnum tnum_nth(int k)
{
	struct tnum t = tnum_const(0);
	int bit;

	for (bit = 0; bit < 4; bit++, k /= 3) {
		if (k % 3 == 1)
			t.value |= 1ULL << bit;
		else if (k % 3 == 2)
			t.mask |= 1ULL << bit;
	}
	return t;
}

Test(props, tnum_ops_exhaustive_4bit)
{
	uint64_t ma[16], mb[16];
	int i, j, x, y, na, nb;

	for (i = 0; i < 81; i++) {
		struct tnum a = tnum_nth(i);

		na = members(a, ma);
		for (j = 0; j < 81; j++) {
			struct tnum b = tnum_nth(j);
			struct tnum r[6] = {
				tnum_add(a, b), tnum_sub(a, b), tnum_mul(a, b),
				tnum_and(a, b), tnum_or(a, b), tnum_xor(a, b),
			};

			nb = members(b, mb);
			for (x = 0; x < na; x++)
				for (y = 0; y < nb; y++) {
					uint64_t u = ma[x], v = mb[y];
					uint64_t c[6] = { u + v, u - v, u * v, u & v, u | v, u ^ v };
					int k;

					for (k = 0; k < 6; k++)
						cr_assert(tnum_in(r[k], tnum_const(c[k])),
							  "tnum op %d unsound for %llu, %llu", k,
							  (unsigned long long)u, (unsigned long long)v);
				}
		}
	}
}

Test(props, tnum_overlap_exact_4bit)
{
	uint64_t ma[16], mb[16];
	int i, j, x, y, na, nb;

	for (i = 0; i < 81; i++)
		for (j = 0; j < 81; j++) {
			struct tnum a = tnum_nth(i), b = tnum_nth(j);
			bool common = false;

			na = members(a, ma);
			nb = members(b, mb);
			for (x = 0; x < na; x++)
				for (y = 0; y < nb; y++)
					common |= ma[x] == mb[y];
			cr_assert_eq(tnum_overlap(a, b), common, "overlap %d %d", i, j);
		}
}

/* tnum_step against brute force over 8-bit tnums and every z. */
Test(props, tnum_step_exhaustive_8bit)
{
	int k, z;

	for (k = 0; k < 6561; k++) {	/* 3^8 */
		struct tnum t = tnum_const(0);
		int bit, kk = k;

		for (bit = 0; bit < 8; bit++, kk /= 3) {
			if (kk % 3 == 1)
				t.value |= 1ULL << bit;
			else if (kk % 3 == 2)
				t.mask |= 1ULL << bit;
		}
		for (z = 0; z < 256; z++) {
			uint64_t want = t.value | t.mask, x;

			if ((uint64_t)z < t.value)
				want = t.value;
			else
				for (x = (uint64_t)z + 1; x <= (t.value | t.mask); x++)
					if (tnum_in(t, tnum_const(x))) {
						want = x;
						break;
					}
			cr_assert_eq(tnum_step(t, (uint64_t)z), want,
				     "tnum_step((%#llx;%#llx), %d)",
				     (unsigned long long)t.value,
				     (unsigned long long)t.mask, z);
		}
	}
}
