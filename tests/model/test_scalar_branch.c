// SPDX-License-Identifier: GPL-2.0-only
/* Branch decisions and refinement, hand-checked against the kernel rules. */
#include <criterion/criterion.h>
#include <linux/bpf.h>
#include "verifier-model/scalar.h"

static struct vm_scalar cst(uint64_t v)
{
	struct vm_scalar s;

	scalar_set_const(&s, v);
	return s;
}

static struct vm_scalar range(uint64_t lo, uint64_t hi)
{
	struct vm_scalar s;

	scalar_set_urange(&s, lo, hi);
	return s;
}

static int taken(struct vm_scalar a, struct vm_scalar b, uint8_t op)
{
	return scalar_branch_taken(&a, &b, op, false);
}

Test(branch, constants)
{
	cr_expect_eq(taken(cst(3), cst(3), BPF_JEQ), 1);
	cr_expect_eq(taken(cst(3), cst(4), BPF_JEQ), 0);
	cr_expect_eq(taken(cst(3), cst(4), BPF_JNE), 1);
	cr_expect_eq(taken(cst(3), cst(4), BPF_JLT), 1);
	cr_expect_eq(taken(cst((uint64_t)-1), cst(4), BPF_JSLT), 1);
	cr_expect_eq(taken(cst((uint64_t)-1), cst(4), BPF_JLT), 0);
	cr_expect_eq(taken(cst(6), cst(2), BPF_JSET), 1);
	cr_expect_eq(taken(cst(6), cst(1), BPF_JSET), 0);
}

Test(branch, ranges)
{
	struct vm_scalar r = range(0, 9);

	cr_expect_eq(taken(r, cst(10), BPF_JLT), 1);
	cr_expect_eq(taken(r, cst(9), BPF_JLT), -1);
	cr_expect_eq(taken(r, cst(9), BPF_JLE), 1);
	cr_expect_eq(taken(r, cst(9), BPF_JGT), 0);
	cr_expect_eq(taken(r, cst(0), BPF_JGE), 1);
	cr_expect_eq(taken(r, cst(10), BPF_JEQ), 0);
	cr_expect_eq(taken(r, cst(10), BPF_JNE), 1);
	cr_expect_eq(taken(r, cst(5), BPF_JEQ), -1);
	cr_expect_eq(taken(r, cst(0), BPF_JSGE), 1);
	cr_expect_eq(taken(r, cst(16), BPF_JSET), 0);
	cr_expect_eq(taken(r, cst(8), BPF_JSET), -1);
}

Test(branch, tnum_decides_equality)
{
	struct vm_scalar odd, one = cst(1), two = cst(2);

	scalar_set_unknown(&odd);
	scalar_alu(&odd, &one, BPF_OR, true, 0);	/* bit 0 known set */
	cr_expect_eq(taken(odd, two, BPF_JEQ), 0);
	cr_expect_eq(taken(odd, two, BPF_JNE), 1);
	cr_expect_eq(taken(odd, cst(3), BPF_JEQ), -1);
	cr_expect_eq(taken(odd, one, BPF_JSET), 1);
}

Test(branch, jmp32_uses_subregister)
{
	struct vm_scalar a = cst(0x100000005ULL), b = cst(5);

	cr_expect_eq(scalar_branch_taken(&a, &b, BPF_JEQ, true), 1);
	cr_expect_eq(scalar_branch_taken(&a, &b, BPF_JEQ, false), 0);
	/* 64-bit compare decided by the 32-bit halves alone */
	a = range(0x100000000ULL, 0x1000000ffULL);
	b = range(0x200000100ULL, 0x200000200ULL);
	cr_expect_eq(scalar_branch_taken(&a, &b, BPF_JEQ, false), 0);
}

Test(branch, refine_lt)
{
	struct vm_scalar i = range(0, 100), n = cst(10), i2 = i, n2 = n;

	cr_expect(scalar_refine(&i, &n, BPF_JLT, false, true));
	cr_expect_eq(i.umax, 9);
	cr_expect_eq(i.smax, 9);
	cr_expect(scalar_is_const(&n));
	cr_expect(scalar_refine(&i2, &n2, BPF_JLT, false, false));
	cr_expect_eq(i2.umin, 10);
	cr_expect_eq(i2.umax, 100);
}

Test(branch, refine_signed_and_gt)
{
	struct vm_scalar x, z = cst(0);

	scalar_set_unknown(&x);
	cr_expect(scalar_refine(&x, &z, BPF_JSGT, false, true));
	cr_expect_eq(x.smin, 1);
	cr_expect_eq(x.umin, 1);
	cr_expect_eq(x.umax, (uint64_t)INT64_MAX);
	scalar_set_unknown(&x);
	z = cst(0);
	cr_expect(scalar_refine(&x, &z, BPF_JSGT, false, false));
	cr_expect_eq(x.smax, 0);
}

Test(branch, refine_eq_ne)
{
	struct vm_scalar x = range(0, 100), c = cst(42);

	cr_expect(scalar_refine(&x, &c, BPF_JEQ, false, true));
	cr_expect(scalar_is_const(&x));
	cr_expect_eq(scalar_const_value(&x), 42);
	x = range(0, 100);
	c = cst(0);
	cr_expect(scalar_refine(&x, &c, BPF_JNE, false, true));
	cr_expect_eq(x.umin, 1);
	x = range(0, 100);
	c = cst(50);	/* not an end: nothing learnt */
	cr_expect(scalar_refine(&x, &c, BPF_JEQ, false, false));
	cr_expect_eq(x.umin, 0);
	cr_expect_eq(x.umax, 100);
}

Test(branch, refine_jset)
{
	struct vm_scalar x = range(0, 255), m = cst(4);

	cr_expect(scalar_refine(&x, &m, BPF_JSET, false, true));
	cr_expect_eq(x.var_off.value, 4);
	cr_expect_eq(x.umin, 4);
	x = range(0, 255);
	m = cst(0xf0);
	cr_expect(scalar_refine(&x, &m, BPF_JSET, false, false));
	cr_expect_eq(x.umax, 15);
	x = range(0, 255);
	m = cst(3);	/* two bits: nothing learnt when set */
	cr_expect(scalar_refine(&x, &m, BPF_JSET, false, true));
	cr_expect_eq(x.var_off.mask, 0xff);
}

Test(branch, refine_jmp32)
{
	struct vm_scalar x, c = cst(16);

	scalar_set_unknown(&x);
	cr_expect(scalar_refine(&x, &c, BPF_JLT, true, true));
	cr_expect_eq(x.u32_max, 15);
	/* the upper half stays unknown, the low half caps the 64-bit ends */
	cr_expect_eq(x.umax, 0xffffffff0000000fULL);
	cr_expect_eq(x.umin, 0);
	cr_expect_eq(x.var_off.mask & 0xffffffffULL, 0xf);
}

Test(branch, impossible_side)
{
	struct vm_scalar x = range(0, 9), c = cst((uint64_t)-5);

	/* x s< -5 cannot hold for x in [0, 9]: the signed bounds cross */
	cr_expect_not(scalar_refine(&x, &c, BPF_JSLT, false, true));
	/* the possible side is fine */
	x = range(0, 9);
	c = cst((uint64_t)-5);
	cr_expect(scalar_refine(&x, &c, BPF_JSLT, false, false));
}

Test(branch, dead_side_collapses_to_a_member)
{
	struct vm_scalar x = range(0, 9), c = cst(20);

	/* not (x < 20) for x in [0,9]: umin 20 > umax 9, yet the kernel's
	 * single-member rule turns x into 15 (the tnum's top) and reports
	 * no inconsistency, so neither do we */
	cr_expect(scalar_refine(&x, &c, BPF_JLT, false, false));
	cr_expect(scalar_is_const(&x));
	cr_expect_eq(scalar_const_value(&x), 15);
}

Test(branch, range_within)
{
	struct vm_scalar old = range(0, 100), cur = range(10, 20);

	cr_expect(scalar_range_within(&old, &cur));
	cr_expect_not(scalar_range_within(&cur, &old));
	cur = cst(50);
	cr_expect(scalar_range_within(&old, &cur));
	cur = cst(101);
	cr_expect_not(scalar_range_within(&old, &cur));
}
