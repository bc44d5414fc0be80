/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The scalar domain: a tnum (known bits) plus signed/unsigned 64- and
 * 32-bit bounds, with the kernel verifier's ALU, sync and branch rules.
 * Modelled on the machine's kernel, 6.18.44 with its stable backports
 * (BPF_END tracking, the single-tnum-member rule, 32-bit wrap-around
 * deduction, the [-1, 0] fork); tests/model/test_scalar_kernel.c checks
 * it against the live verifier log. tnum.c, scalar.c (state, sync,
 * print), scalar_alu.c, scalar_branch.c.
 */
#ifndef VM_SCALAR_H
#define VM_SCALAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct tnum {
	uint64_t value;
	uint64_t mask;     /* 1 = unknown bit */
};

struct vm_scalar {
	struct tnum var_off;
	int64_t smin, smax;
	uint64_t umin, umax;
	int32_t s32_min, s32_max;
	uint32_t u32_min, u32_max;
};

/* tnum basics (tnum.c) */
struct tnum tnum_const(uint64_t v);
struct tnum tnum_unknown(void);
struct tnum tnum_range(uint64_t min, uint64_t max);
bool tnum_is_const(struct tnum t);
bool tnum_in(struct tnum outer, struct tnum inner);  /* inner within outer */
struct tnum tnum_add(struct tnum a, struct tnum b);
struct tnum tnum_sub(struct tnum a, struct tnum b);
struct tnum tnum_and(struct tnum a, struct tnum b);
struct tnum tnum_or(struct tnum a, struct tnum b);
struct tnum tnum_xor(struct tnum a, struct tnum b);
struct tnum tnum_mul(struct tnum a, struct tnum b);
struct tnum tnum_lshift(struct tnum a, uint8_t shift);
struct tnum tnum_rshift(struct tnum a, uint8_t shift);
struct tnum tnum_arshift(struct tnum a, uint8_t shift, uint8_t insn_bitness);
struct tnum tnum_intersect(struct tnum a, struct tnum b);
struct tnum tnum_cast(struct tnum a, uint8_t size);   /* keep low size bytes */
struct tnum tnum_subreg(struct tnum a);
struct tnum tnum_with_subreg(struct tnum reg, struct tnum subreg);
bool tnum_is_unknown(struct tnum t);
/* Could a and b hold the same value (their known bits agree)? */
bool tnum_overlap(struct tnum a, struct tnum b);
struct tnum tnum_neg(struct tnum a);
/* Every value a or b may hold. */
struct tnum tnum_union(struct tnum a, struct tnum b);
struct tnum tnum_clear_subreg(struct tnum a);       /* low 32 bits := 0 */
struct tnum tnum_const_subreg(struct tnum a, uint32_t v); /* low 32 := v */
bool tnum_subreg_is_const(struct tnum a);
bool tnum_equals(struct tnum a, struct tnum b);
/* Smallest member of t greater than z; t.value if z is below it, t's
 * maximum if z is at or above it (the kernel's tnum_step). */
uint64_t tnum_step(struct tnum t, uint64_t z);
/* Byte swaps of the low 2/4/8 bytes (value and mask alike). */
struct tnum tnum_bswap16(struct tnum a);
struct tnum tnum_bswap32(struct tnum a);
struct tnum tnum_bswap64(struct tnum a);
/* "(0x0; 0xff)" exactly as the verifier log prints var_off. */
int tnum_snprint(char *buf, size_t len, struct tnum a);

/* A known constant / a completely unknown value. */
void scalar_set_const(struct vm_scalar *s, uint64_t v);
void scalar_set_unknown(struct vm_scalar *s);
/* Unknown value of size bytes, zero-extended (a load of 1/2/4/8 bytes). */
void scalar_set_unknown_size(struct vm_scalar *s, int size);
/* Sign-extended load of size bytes (BPF_MEMSX). */
void scalar_set_unknown_size_sx(struct vm_scalar *s, int size);
/* Unknown within [min, max] unsigned. */
void scalar_set_urange(struct vm_scalar *s, uint64_t min, uint64_t max);
bool scalar_is_const(const struct vm_scalar *s);
uint64_t scalar_const_value(const struct vm_scalar *s);
/* The kernel's reg_bounds_sync(): make all five views agree. */
void scalar_sync(struct vm_scalar *s);
/* Forget the eight bounds but keep var_off (__mark_reg_unbounded). */
void scalar_mark_unbounded(struct vm_scalar *s);
/* Truncate to size bytes, zero-extended (coerce_reg_to_size: narrow
 * loads and fills of a known scalar). Syncs. */
void scalar_coerce_size(struct vm_scalar *s, int size);
/* Sign-extend from size bytes (1/2/4) into 64 bits (coerce_reg_to_size_sx:
 * BPF_MEMSX of a known scalar, MOVSX64). Syncs only where the kernel does. */
void scalar_coerce_size_sx(struct vm_scalar *s, int size);
/* Does s admit the concrete 64-bit value v in all five views? */
bool scalar_contains(const struct vm_scalar *s, uint64_t v);

/*
 * dst = dst op src, op one of BPF_ADD..BPF_ARSH, BPF_MOV (BPF_OP()),
 * 64-bit when alu64, else 32-bit with zero extension and a sync. off is
 * the insn off field (BPF_MOV with off 8/16/32 is MOVSX). For BPF_K pass
 * src = scalar_set_const((s64)imm); BPF_NEG ignores src. src may alias
 * dst. As in 6.18: DIV/MOD (any divisor, signed or not) and shifts by a
 * non-constant or >= width amount give a fully unknown 64-bit register,
 * not zero-extended even for ALU32; BPF_END gives unknown here, use
 * scalar_bswap. Before AND/OR ask scalar_fork_width().
 */
void scalar_alu(struct vm_scalar *dst, const struct vm_scalar *src,
		uint8_t op, bool alu64, int16_t off);
/*
 * 6.18.y (maybe_fork_scalars) splits the state before dst &= K / dst |= K
 * (src's tnum constant, ALU64 or ALU32) when dst is in [-1, 0]: returns
 * 64 if the s64 range is [-1, 0], else 32 if the s32 range is, else 0.
 * The kernel then pushes a copy that re-executes this same insn with dst
 * = 0 and goes on with dst = -1: scalar_fork_split(cur, pushed, width)
 * sets those (width 32 touches only the low half and its bounds).
 */
int scalar_fork_width(const struct vm_scalar *dst, const struct vm_scalar *src,
		      uint8_t op);
void scalar_fork_split(struct vm_scalar *minus1, struct vm_scalar *zero,
		       int width);
/* mov with sign extension from bits (8/16/32) of src (BPF_MOVSX). */
void scalar_movsx(struct vm_scalar *dst, const struct vm_scalar *src,
		  int bits, bool alu64);
/* Zero-extend the low 32 bits into the whole register (zext_32_to_64:
 * no sync; a 32-bit mov is zext + scalar_sync, as scalar_alu does). */
void scalar_zext32(struct vm_scalar *s);
/*
 * BPF_END to bits (16/32/64, the insn imm). to_le_noop: the insn is
 * BPF_ALU|BPF_END|BPF_TO_LE on our little-endian target, so no swap,
 * only truncation; BPF_TO_BE and BPF_ALU64 bswap pass false. The swapped
 * known bits are kept, bounds re-derived (scalar_alu(BPF_END) cannot
 * know the width and gives unknown: call this instead).
 */
void scalar_bswap(struct vm_scalar *s, int bits, bool to_le_noop);

/*
 * Is the branch `a op b` (BPF_JEQ..BPF_JSLE, BPF_JSET) decided?
 * 1 always taken, 0 never taken, -1 unknown. is32: JMP32 class.
 */
int scalar_branch_taken(const struct vm_scalar *a, const struct vm_scalar *b,
			uint8_t op, bool is32);
/*
 * Refine a and b for the side where `a op b` is taken (taken=true) or
 * not (regs_refine_cond_op + reg_bounds_sync on both). Call it only for
 * an undecided branch (the kernel follows a decided one unrefined). For
 * "if rX op rX" pass a == b: the kernel refines the one register as both
 * operands (measured). Returns false if that side is inconsistent; then,
 * as the kernel does after its "REG INVARIANTS VIOLATION" report, the bad
 * register's bounds are reset to unbounded (var_off kept). A dead side
 * can also come out consistent (e.g. collapsed to a constant), as in the
 * kernel, which then explores it.
 */
bool scalar_refine(struct vm_scalar *a, struct vm_scalar *b, uint8_t op,
		   bool is32, bool taken);

/* old's bounds and tnum contain cur's (regsafe range_within + tnum_in). */
bool scalar_range_within(const struct vm_scalar *old,
			 const struct vm_scalar *cur);
/* All five views identical. */
bool scalar_equal(const struct vm_scalar *a, const struct vm_scalar *b);
/*
 * Format like the verifier log: a constant as "42", "-1" or "0x11170"
 * (decimal within s16), else what goes inside "scalar(...)" after the id:
 * "smin=smin32=0,smax=umax=...,var_off=(0x0; 0xff)", "" when unknown. The
 * caller adds "scalar(", "id=N," and the precision "P". Returns the
 * length it wanted, like snprintf.
 */
int scalar_snprint(char *buf, size_t len, const struct vm_scalar *s);

#endif
