// SPDX-License-Identifier: GPL-2.0
/*
 * bpf_fastcall (6.12+): a spill and fill of registers around a call the
 * kernel inlines (bpf_get_smp_processor_id here) are dropped after
 * verification, and their stack no longer counts in the subprogram's
 * depth, unless another access, or a helper writing through a pointer,
 * touches that area. A 512-byte frame calling such a subprogram then
 * fits; with the area used otherwise the chain is 512 + 16 bytes.
 * EXPECT-VERDICT and EXPECT-MSG are what 6.18.44-fc-v1272 answers
 * (measured); tests/model/btf_args.py holds the model to them and to the
 * live kernel's verdict, message and processed count.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

/* its only stack is one bpf_fastcall pair at fp-8 */
__attribute__((naked, noinline, used)) static int cpu_pair_only(void)
{
	asm volatile ("*(u64 *)(r10 - 8) = r1;"
		      "call %[get_cpu];"
		      "r1 = *(u64 *)(r10 - 8);"
		      "exit;"
		      :: [get_cpu] "i"(BPF_FUNC_get_smp_processor_id) : "memory");
}

/* the pair, then fp-8 stored to outside it */
__attribute__((naked, noinline, used)) static int cpu_pair_then_store(void)
{
	asm volatile ("*(u64 *)(r10 - 8) = r1;"
		      "call %[get_cpu];"
		      "r1 = *(u64 *)(r10 - 8);"
		      "*(u64 *)(r10 - 8) = r0;"
		      "exit;"
		      :: [get_cpu] "i"(BPF_FUNC_get_smp_processor_id) : "memory");
}

/* the pair, then a helper writes fp-8 */
__attribute__((naked, noinline, used)) static int cpu_pair_then_helper(void)
{
	asm volatile ("*(u64 *)(r10 - 8) = r1;"
		      "call %[get_cpu];"
		      "r1 = *(u64 *)(r10 - 8);"
		      "r1 = r10;"
		      "r1 += -8;"
		      "r2 = 8;"
		      "r3 = 0;"
		      "call %[probe_read];"
		      "exit;"
		      :: [get_cpu] "i"(BPF_FUNC_get_smp_processor_id),
			 [probe_read] "i"(BPF_FUNC_probe_read_kernel) : "memory");
}

/* EXPECT-VERDICT: accepted — 512 bytes, then a subprogram whose pair is dropped */
SEC("tracepoint/syscalls/sys_enter_getpid")
__attribute__((naked)) int fastcall_pair_uncounted(void)
{
	asm volatile ("r1 = 42;"
		      "*(u64 *)(r10 - 512) = r1;"
		      "call cpu_pair_only;"
		      "r0 = 0;"
		      "exit;" ::: "memory");
}

/* EXPECT-VERDICT: rejected — the callee uses the pair's slot outside it */
/* EXPECT-MSG: combined stack size of 2 calls is 528. Too large */
SEC("tracepoint/syscalls/sys_enter_getpid")
__attribute__((naked)) int fastcall_slot_reused(void)
{
	asm volatile ("r1 = 42;"
		      "*(u64 *)(r10 - 512) = r1;"
		      "call cpu_pair_then_store;"
		      "r0 = 0;"
		      "exit;" ::: "memory");
}

/* EXPECT-VERDICT: rejected — a helper writes the pair's slot */
/* EXPECT-MSG: combined stack size of 2 calls is 528. Too large */
SEC("tracepoint/syscalls/sys_enter_getpid")
__attribute__((naked)) int fastcall_slot_helper_write(void)
{
	asm volatile ("r1 = 42;"
		      "*(u64 *)(r10 - 512) = r1;"
		      "call cpu_pair_then_helper;"
		      "r0 = 0;"
		      "exit;" ::: "memory");
}
