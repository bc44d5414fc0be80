// SPDX-License-Identifier: GPL-2.0
/*
 * The stack depth the kernel reports for an accepted program counts what
 * its rewrites after verification add: an inlined bpf_loop spills R6-R8
 * (24 bytes) in its subprogram, may_goto keeps its counter on the stack
 * (16 bytes with x86-64's timed may_goto, 6.15+), a zero-size helper
 * access still grows the frame, and a global function never called is
 * removed as dead code, with its place in the depth line.
 * EXPECT-VERDICT and EXPECT-STACK are what 6.18.44-fc-v1272 answers
 * (measured); tests/model/btf_args.py holds the model to them and to the
 * live kernel's verdict, processed count and depth.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

/* stops the loop on its third round */
__attribute__((noinline, used)) static int third_round(__u64 i, void *ctx)
{
	return i >= 2;
}

/* EXPECT-VERDICT: accepted — flags known zero: the call is inlined */
/* EXPECT-STACK: 32+0 */
SEC("raw_tp")
__attribute__((naked)) int loop_inlined(void)
{
	asm volatile ("r1 = 7;"
		      "*(u64 *)(r10 - 8) = r1;"
		      "r1 = 5;"
		      "r2 = %[cb] ll;"
		      "r3 = 0;"
		      "r4 = 0;"
		      "call %[bpf_loop];"
		      "r0 = 0;"
		      "exit;"
		      :: [cb] "i"(third_round), [bpf_loop] "i"(BPF_FUNC_loop) : "memory");
}

/* EXPECT-VERDICT: accepted — flags not known: the helper is called */
/* EXPECT-STACK: 8+0 */
SEC("raw_tp")
__attribute__((naked)) int loop_called(void)
{
	asm volatile ("r1 = 7;"
		      "*(u64 *)(r10 - 8) = r1;"
		      "call %[prandom];"
		      "r4 = r0;"
		      "r4 &= 1;"
		      "r1 = 5;"
		      "r2 = %[cb] ll;"
		      "r3 = 0;"
		      "call %[bpf_loop];"
		      "r0 = 0;"
		      "exit;"
		      :: [cb] "i"(third_round), [bpf_loop] "i"(BPF_FUNC_loop),
			 [prandom] "i"(BPF_FUNC_get_prandom_u32) : "memory");
}

/* EXPECT-VERDICT: accepted — may_goto's counter below the 8 bytes used */
/* EXPECT-STACK: 24 */
SEC("raw_tp")
__attribute__((naked)) int may_goto_counter(void)
{
	asm volatile ("r1 = 0;"
		      "*(u64 *)(r10 - 8) = r1;"
		      "l0_%=:"
		      "may_goto l1_%=;"
		      "r1 += 1;"
		      "if r1 < 3 goto l0_%=;"
		      "l1_%=:"
		      "r0 = 0;"
		      "exit;" ::: "memory");
}

/* EXPECT-VERDICT: accepted — a zero-size read at fp-16 makes the frame 16 bytes */
/* EXPECT-STACK: 16 */
SEC("raw_tp")
__attribute__((naked)) int zero_size_access(void)
{
	asm volatile ("r1 = r10;"
		      "r1 += -16;"
		      "r2 = 0;"
		      "r3 = 0;"
		      "call %[probe_read];"
		      "r0 = 0;"
		      "exit;"
		      :: [probe_read] "i"(BPF_FUNC_probe_read_kernel) : "memory");
}

volatile const int call_unused;

__attribute__((noinline)) int unused_global(void)
{
	return call_unused + 1;
}

/* EXPECT-VERDICT: accepted — unused_global is never called */
/* EXPECT-STACK: 0 */
SEC("raw_tp")
int global_never_called(void *ctx)
{
	if (call_unused)
		return unused_global();
	return 0;
}
