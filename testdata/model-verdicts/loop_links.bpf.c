// SPDX-License-Identifier: GPL-2.0
/*
 * Scalars in may_goto loops: a 32-bit "wX += K" keeps wX linked to the
 * register it was copied from (6.18), so a bound learnt on one reaches
 * the other; and at a may_goto the kernel forgets only imprecise scalars
 * that differ from the loop's previous state, with ids matched through a
 * map, not compared as numbers (grid_xor_v3: what clang -mcpu=v3 makes of
 * a row/column loop with the budget checked after the body; 95 insns in
 * the model before, the kernel's 85). EXPECT-VERDICT is what 6.18.44-fc-v1272
 * answers (measured); tests/model/btf_args.py holds the model to it and to
 * the live kernel's processed count.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

int first_row, first_col;

/* EXPECT-VERDICT: accepted — the bound on w0 gives w1 = w0 + 4 its range */
SEC("raw_tp")
__attribute__((naked)) int w_link_bounds_stack(void)
{
	asm volatile ("call %[prandom];"
		      "r0 &= 0xff;"
		      "w1 = w0;"
		      "w1 += 4;"
		      "if w0 > 3 goto l0_%=;"
		      "r2 = r10;"
		      "r2 += -8;"
		      "r2 += r1;"
		      "r0 = *(u8 *)(r2 + 0);"
		      "l0_%=:"
		      "r0 = 0;"
		      "exit;"
		      :: [prandom] "i"(BPF_FUNC_get_prandom_u32) : "memory");
}

/*
 * for (row = first_row; row < 1000 && can_loop; row++)
 *	for (col = first_col; col < 1000; col++) { acc ^= row + col; budget check; }
 * as clang-19 -O2 -mcpu=v3 compiles it (32-bit ops and branches)
 */
/* EXPECT-VERDICT: accepted — the loop copies re-linked each round are kept at may_goto */
SEC("raw_tp")
__attribute__((naked)) int grid_xor_v3(void)
{
	asm volatile ("w0 = 0;"
		      "r1 = %[row] ll;"
		      "r3 = *(u32 *)(r1 + 0);"
		      "if w3 > 999 goto l_exit%=;"
		      "r1 = %[col] ll;"
		      "goto l_row%=;"
		      "l_col_init%=:"
		      "r4 = *(u32 *)(r1 + 0);"
		      "if w4 > 999 goto l_next_row%=;"
		      "l_col%=:"
		      "w3 = w4;"
		      "w4 = w2;"
		      "w4 += w3;"
		      "w0 ^= w4;"
		      "may_goto l_next_row%=;"
		      "w4 = w3;"
		      "w4 += 1;"
		      "if w3 < 999 goto l_col%=;"
		      "l_next_row%=:"
		      "w3 = w2;"
		      "w3 += 1;"
		      "if w2 < 999 goto l_row%=;"
		      "l_exit%=:"
		      "exit;"
		      "l_row%=:"
		      "w2 = w3;"
		      "may_goto l_exit%=;"
		      "goto l_col_init%=;"
		      :: [row] "i"(&first_row), [col] "i"(&first_col) : "memory");
}
