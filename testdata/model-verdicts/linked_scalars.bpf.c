// SPDX-License-Identifier: GPL-2.0
/*
 * Scalars linked by a copy (one id) at a conditional jump: when one is
 * marked precise later, so are the others (collect_linked_regs), and the
 * checkpoint before the jump then tells apart a state where they are
 * linked from one where they are not. With a checkpoint at every insn
 * (BPF_F_TEST_STATE_FREQ) the model once pruned the unsafe path here.
 * rX += rX is no "base + K" link. EXPECT-VERDICT and EXPECT-MSG are what
 * 6.18 answers (measured); tests/model/btf_args.py holds the model to them
 * and to the live kernel.
 * BPF-VERIFY-ARGS: --state-freq
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

/*
 * Path 1 (fall-through): r8 = r6, so "r8 < 8" bounds r6 too. Path 2
 * (jump): r6 and r8 unrelated, r6 unbounded at the stack access.
 */
/* EXPECT-VERDICT: rejected — the bound reaches r6 on one path only */
/* EXPECT-MSG: math between fp pointer and register with unbounded min value is not allowed */
SEC("socket")
__attribute__((naked))
int bound_via_copy(void)
{
	asm volatile ("r1 = 0; *(u64 *)(r10 - 16) = r1; r9 = r10; r9 += -16;"
		      "call %[rnd]; r8 = r0;"
		      "call %[rnd]; r6 = r0;"
		      "if r6 < r8 goto 1f;"
		      "r8 = r6;"
		      "1: if r8 > 7 goto 2f;"
		      "r9 += r6; r0 = *(u8 *)(r9 + 0);"
		      "2: r0 = 0; exit;"
		      :: [rnd] "i"(BPF_FUNC_get_prandom_u32) : "r0", "r1", "r6", "r8", "r9");
}

/* EXPECT-VERDICT: accepted — the copy is made on both paths */
SEC("socket")
__attribute__((naked))
int bound_via_copy_always(void)
{
	asm volatile ("r1 = 0; *(u64 *)(r10 - 16) = r1; r9 = r10; r9 += -16;"
		      "call %[rnd]; r8 = r0;"
		      "call %[rnd]; r6 = r0;"
		      "if r6 < r8 goto 1f;"
		      "r8 = r6; goto 3f;"
		      "1: r8 = r6;"
		      "3: if r8 > 7 goto 2f;"
		      "r9 += r6; r0 = *(u8 *)(r9 + 0);"
		      "2: r0 = 0; exit;"
		      :: [rnd] "i"(BPF_FUNC_get_prandom_u32) : "r0", "r1", "r6", "r8", "r9");
}

/*
 * r7 == 2 makes r6 2, then r6 += r6 makes it 4. The undecided r7 == r8
 * refreshes r7's links; r6 is not one of them any more, else it would
 * read as r7 + 4 = 6 and hide the division.
 */
/* EXPECT-VERDICT: rejected — r6 is 4, so the division is reached */
/* EXPECT-MSG: div by zero */
SEC("socket")
__attribute__((naked))
int doubled_is_unlinked(void)
{
	asm volatile ("call %[rnd]; r6 = r0; r7 = r6;"
		      "call %[rnd]; r8 = r0;"
		      "if r7 != 2 goto 1f;"
		      "r6 += r6;"
		      "if r7 == r8 goto 1f;"
		      "if r6 == 6 goto 1f;"
		      "r0 /= 0;"
		      "1: r0 = 0; exit;"
		      :: [rnd] "i"(BPF_FUNC_get_prandom_u32) : "r0", "r6", "r7", "r8");
}
