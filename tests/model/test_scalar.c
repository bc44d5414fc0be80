// SPDX-License-Identifier: GPL-2.0-only
/*
 * The scalar domain: hand-checked results per operation (each expected
 * value worked out from the kernel's rules, several confirmed against the
 * 6.18 verifier log, see tests/model/kernel_scalar.sh), and randomized
 * soundness properties in test_scalar_props.c.
 */
#include <criterion/criterion.h>
#include <linux/bpf.h>
#include <string.h>
#include "verifier-model/scalar.h"

static struct vm_scalar cst(uint64_t v)
{
	struct vm_scalar s;

	scalar_set_const(&s, v);
	return s;
}

static struct vm_scalar unk(void)
{
	struct vm_scalar s;

	scalar_set_unknown(&s);
	return s;
}

static const char *show(const struct vm_scalar *s)
{
	static char buf[4][256];
	static int n;
	char *b = buf[n++ & 3];

	scalar_snprint(b, 256, s);
	return b;
}

/* dst op= src and the log text of the result */
static const char *alu(struct vm_scalar d, struct vm_scalar s, uint8_t op,
		       bool alu64)
{
	scalar_alu(&d, &s, op, alu64, 0);
	return show(&d);
}

static struct vm_scalar masked(uint64_t mask)
{
	struct vm_scalar d = unk(), m = cst(mask);

	scalar_alu(&d, &m, BPF_AND, true, 0);
	return d;
}

Test(scalar, const_and_unknown_print)
{
	struct vm_scalar s = unk();

	cr_expect_str_eq(show(&s), "");
	s = cst(42);
	cr_expect_str_eq(show(&s), "42");
	s = cst((uint64_t)-1);
	cr_expect_str_eq(show(&s), "-1");
	s = cst(1ULL << 63);
	cr_expect_str_eq(show(&s), "0x8000000000000000");
	s = cst(70000);		/* beyond S16_MAX the log switches to hex */
	cr_expect_str_eq(show(&s), "0x11170");
	s = cst(32767);
	cr_expect_str_eq(show(&s), "32767");
	cr_expect(scalar_is_const(&s));
	cr_expect_eq(scalar_const_value(&s), 32767);
}

Test(scalar, and_then_add)
{
	struct vm_scalar d = masked(0xff), ten = cst(10);

	cr_expect_str_eq(show(&d),
			 "smin=smin32=0,smax=umax=smax32=umax32=255,var_off=(0x0; 0xff)");
	scalar_alu(&d, &ten, BPF_ADD, true, 0);
	cr_expect_eq(d.umax, 265);
	cr_expect_eq(d.umin, 10);
	cr_expect_str_eq(show(&d),
			 "smin=umin=smin32=umin32=10,smax=umax=smax32=umax32=265,var_off=(0x0; 0x1ff)");
}

Test(scalar, sub_wraps_unsigned)
{
	struct vm_scalar d = masked(0xf);

	/* [0,15] - 1: low end wraps, high does not: u64 unbounded, s64 [-1,14] */
	cr_expect_str_eq(alu(d, cst(1), BPF_SUB, true), "smin=smin32=-1,smax=smax32=14");
	/* 32-bit: s32 [-1,14], zero-extended so 64-bit [0, 0xffffffff] */
	cr_expect_str_eq(alu(d, cst(1), BPF_SUB, false),
			 "smin=0,smax=umax=0xffffffff,smin32=-1,smax32=14,var_off=(0x0; 0xffffffff)");
}

Test(scalar, add_both_wrap_keeps_range)
{
	struct vm_scalar d = cst(0xfffffffffffffff0ULL), r = masked(0x7);
	struct vm_scalar e = cst(0x20);

	scalar_alu(&d, &r, BPF_ADD, true, 0);	/* [-16, -9] */
	scalar_alu(&d, &e, BPF_ADD, true, 0);	/* all wrap: [16, 23] */
	cr_expect_eq(d.umin, 16);
	cr_expect_eq(d.umax, 23);
	cr_expect_eq(d.smin, 16);
}

Test(scalar, mul)
{
	struct vm_scalar d = masked(0x3);

	/* [0,3] * 3 = [0,9]; tnum (0;3)*(3;0) by the union algorithm */
	{
		struct vm_scalar three = cst(3);

		scalar_alu(&d, &three, BPF_MUL, true, 0);
	}
	cr_expect_eq(d.umin, 0);
	cr_expect_eq(d.umax, 9);
	cr_expect_eq(d.smax, 9);
	cr_expect(tnum_in(d.var_off, tnum_const(9)));
	cr_expect(tnum_in(d.var_off, tnum_const(6)));
	/* negative factor: signed corners -9..0 */
	d = masked(0x3);
	{
		struct vm_scalar m3 = cst((uint64_t)-3);

		scalar_alu(&d, &m3, BPF_MUL, true, 0);
	}
	cr_expect_eq(d.smin, -9);
	cr_expect_eq(d.smax, 0);
}

Test(scalar, shifts)
{
	struct vm_scalar d = masked(0xff);

	cr_expect_str_eq(alu(d, cst(4), BPF_LSH, true),
			 "smin=smin32=0,smax=umax=smax32=umax32=4080,var_off=(0x0; 0xff0)");
	cr_expect_str_eq(alu(d, cst(4), BPF_RSH, true),
			 "smin=smin32=0,smax=umax=smax32=umax32=15,var_off=(0x0; 0xf)");
	/* shift by a non-constant or >= width: unknown */
	cr_expect_str_eq(alu(d, masked(3), BPF_LSH, true), "");
	cr_expect_str_eq(alu(d, cst(64), BPF_LSH, true), "");
	cr_expect_str_eq(alu(d, cst(32), BPF_LSH, false), "");
}

Test(scalar, sign_extension_idiom)
{
	struct vm_scalar s = masked(0xff), m = cst((uint64_t)-128);
	struct vm_scalar c32 = cst(32);

	scalar_alu(&s, &m, BPF_ADD, true, 0);
	cr_expect_eq(s.smin, -128);
	cr_expect_eq(s.smax, 127);
	scalar_alu(&s, &c32, BPF_LSH, true, 0);
	cr_expect_eq(s.smin, -128LL * (1LL << 32));
	cr_expect_eq(s.smax, 127LL << 32);
	scalar_alu(&s, &c32, BPF_ARSH, true, 0);
	cr_expect_eq(s.smin, -128);
	cr_expect_eq(s.smax, 127);
}

Test(scalar, arsh32_and_zext)
{
	struct vm_scalar s = cst(0x80000000u), one = cst(1);

	scalar_alu(&s, &one, BPF_ARSH, false, 0);
	cr_expect(scalar_is_const(&s));
	cr_expect_eq(scalar_const_value(&s), 0xc0000000u);
	/* w = -1 zero-extends */
	s = cst((uint64_t)-1);
	scalar_alu(&s, &s, BPF_MOV, false, 0);
	cr_expect_eq(scalar_const_value(&s), 0xffffffffu);
	cr_expect_str_eq(show(&s), "0xffffffff");
}

Test(scalar, or_xor)
{
	struct vm_scalar d = masked(0xf0);

	cr_expect_str_eq(alu(d, cst(1), BPF_OR, true),
			 "smin=umin=smin32=umin32=1,smax=umax=smax32=umax32=241,var_off=(0x1; 0xf0)");
	cr_expect_str_eq(alu(d, cst(0xff), BPF_XOR, true),
			 "smin=umin=smin32=umin32=15,smax=umax=smax32=umax32=255,var_off=(0xf; 0xf0)");
	cr_expect_str_eq(alu(cst(6), cst(3), BPF_XOR, true), "5");
	cr_expect_str_eq(alu(cst(6), cst(3), BPF_AND, false), "2");
}

Test(scalar, neg)
{
	struct vm_scalar d = masked(0xf);

	/* -[0,15] = [-15, 0] */
	scalar_alu(&d, &d, BPF_NEG, true, 0);
	cr_expect_eq(d.smin, -15);
	cr_expect_eq(d.smax, 0);
	cr_expect_str_eq(alu(cst(5), cst(0), BPF_NEG, true), "-5");
	cr_expect_str_eq(alu(cst(5), cst(0), BPF_NEG, false), "0xfffffffb");
}

Test(scalar, div_mod_are_unknown)
{
	/* 6.18 tracks no bounds through DIV/MOD, even for constants */
	cr_expect_str_eq(alu(cst(10), cst(2), BPF_DIV, true), "");
	cr_expect_str_eq(alu(cst(10), cst(3), BPF_MOD, false), "");
}

Test(scalar, byte_swap)
{
	struct vm_scalar s = cst(5), r;

	scalar_bswap(&s, 16, false);		/* be16 */
	cr_expect_str_eq(show(&s), "1280");
	s = cst(0x100000005ULL);
	scalar_bswap(&s, 64, false);		/* be64 keeps the upper half */
	cr_expect_eq(scalar_const_value(&s), 0x0500000001000000ULL);
	s = cst(0x123456789ULL);
	scalar_bswap(&s, 32, true);		/* le32: truncation only */
	cr_expect_eq(scalar_const_value(&s), 0x23456789ULL);
	r = masked(0xff);
	scalar_bswap(&r, 16, false);		/* low byte moves up */
	cr_expect_str_eq(show(&r),
			 "smin=smin32=0,smax=umax=smax32=umax32=0xff00,var_off=(0x0; 0xff00)");
}

Test(scalar, movsx)
{
	struct vm_scalar s = masked(0xff), d;

	scalar_movsx(&d, &s, 8, true);	/* (s8) of [0,255]: crosses sign */
	cr_expect_eq(d.smin, -128);
	cr_expect_eq(d.smax, 127);
	cr_expect_eq(d.umax, UINT64_MAX);
	s = cst(0x80);
	scalar_movsx(&d, &s, 8, true);
	cr_expect_str_eq(show(&d), "-128");
	scalar_movsx(&d, &s, 8, false);
	cr_expect_str_eq(show(&d), "0xffffff80");
	s = masked(0x7f);		/* [0,127] stays itself */
	scalar_movsx(&d, &s, 8, true);
	cr_expect_eq(d.smin, 0);
	cr_expect_eq(d.smax, 127);
	cr_expect_eq(d.umax, 127);
}

Test(scalar, loads)
{
	struct vm_scalar s;

	scalar_set_unknown_size(&s, 1);
	cr_expect_str_eq(show(&s),
			 "smin=smin32=0,smax=umax=smax32=umax32=255,var_off=(0x0; 0xff)");
	scalar_set_unknown_size(&s, 4);
	cr_expect_str_eq(show(&s), "smin=0,smax=umax=0xffffffff,var_off=(0x0; 0xffffffff)");
	scalar_set_unknown_size(&s, 8);
	cr_expect_str_eq(show(&s), "");
	/* the next three read exactly as 6.18.44 logs such loads */
	scalar_set_unknown_size(&s, 2);
	cr_expect_str_eq(show(&s),
			 "smin=smin32=0,smax=umax=smax32=umax32=0xffff,var_off=(0x0; 0xffff)");
	scalar_set_unknown_size_sx(&s, 2);
	cr_expect_str_eq(show(&s), "smin=smin32=-32768,smax=smax32=32767");
	scalar_set_unknown_size_sx(&s, 4);
	cr_expect_str_eq(show(&s), "smin=0xffffffff80000000,smax=0x7fffffff");
	scalar_set_unknown_size_sx(&s, 1);
	cr_expect_str_eq(show(&s), "smin=smin32=-128,smax=smax32=127");
	cr_expect_eq(s.smin, -128);
	cr_expect_eq(s.smax, 127);
	cr_expect_eq(s.s32_min, -128);
	cr_expect_eq(s.s32_max, 127);
	scalar_set_urange(&s, 3, 10);
	cr_expect_str_eq(show(&s),
			 "smin=umin=smin32=umin32=3,smax=umax=smax32=umax32=10,var_off=(0x0; 0xf)");
}

Test(scalar, movsx64_low_half_already_narrow)
{
	struct vm_scalar s = masked(0x7), five = cst(5), d;

	/* [-5, 2]: no single interval after the 8-bit view, but the value
	 * already fits s8, so it stays; the known bits are forgotten */
	scalar_alu(&s, &five, BPF_SUB, true, 0);
	scalar_movsx(&d, &s, 8, true);
	cr_expect_str_eq(show(&d), "smin=smin32=-5,smax=smax32=2");
	/* (s32) of a value whose low half is known zero is 0 */
	s = unk();
	{
		struct vm_scalar c32 = cst(32);

		scalar_alu(&s, &c32, BPF_LSH, true, 0);
	}
	scalar_movsx(&d, &s, 32, true);
	cr_expect_str_eq(show(&d), "0");
	/* the 32-bit form keeps the old rule: whole s8 range */
	s = masked(0x7);
	scalar_alu(&s, &five, BPF_SUB, true, 0);
	scalar_movsx(&d, &s, 8, false);
	cr_expect_eq(d.s32_min, -128);
	cr_expect_eq(d.s32_max, 127);
}

Test(scalar, fork_before_and_or_on_minus1_zero)
{
	struct vm_scalar s = unk(), c63 = cst(63), k = cst(0xff), zero;

	scalar_alu(&s, &c63, BPF_ARSH, true, 0);	/* r s>>= 63: [-1, 0] */
	cr_expect_eq(s.smin, -1);
	cr_expect_eq(s.smax, 0);
	cr_expect_eq(scalar_fork_width(&s, &k, BPF_AND), 64);
	cr_expect_eq(scalar_fork_width(&s, &k, BPF_ADD), 0);
	cr_expect_eq(scalar_fork_width(&s, &s, BPF_AND), 0);	/* src not const */
	zero = s;
	scalar_fork_split(&s, &zero, 64);
	cr_expect_str_eq(show(&s), "-1");
	cr_expect_str_eq(show(&zero), "0");
	/* w s>>= 31 gives s32 [-1, 0] only: the 32-bit split */
	s = unk();
	{
		struct vm_scalar c31 = cst(31);

		scalar_alu(&s, &c31, BPF_ARSH, false, 0);
	}
	cr_expect_eq(scalar_fork_width(&s, &k, BPF_OR), 32);
	zero = s;
	scalar_fork_split(&s, &zero, 32);
	cr_expect_eq(s.u32_min, UINT32_MAX);
	cr_expect_eq(zero.u32_max, 0);
}

Test(scalar, s32_range_wrapping_meets_one_piece)
{
	struct vm_scalar s = unk(), c25 = cst(25), lo;

	/* w s>>= 25: s32 [-64, 63]; then w > 0xffff keeps only [-64, -1] */
	scalar_alu(&s, &c25, BPF_ARSH, false, 0);
	lo = cst(0xffff);
	cr_expect(scalar_refine(&s, &lo, BPF_JGT, true, true));
	cr_expect_eq(s.s32_min, -64);
	cr_expect_eq(s.s32_max, -1);
	cr_expect_eq(s.u32_min, 0xffffffc0u);
}

Test(scalar, single_tnum_member_in_range_is_const)
{
	struct vm_scalar s = masked(0x10), z = cst(0);

	/* {0, 16} and > 0: only 16 */
	cr_expect(scalar_refine(&s, &z, BPF_JGT, false, true));
	cr_expect_str_eq(show(&s), "16");
	cr_expect_eq(tnum_step(tnum_range(0, 0), 0), 0);
	cr_expect_eq(tnum_step((struct tnum){ 0x1, 0x6 }, 1), 3);
	cr_expect_eq(tnum_step((struct tnum){ 0x1, 0x6 }, 3), 5);
}
