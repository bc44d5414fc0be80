// SPDX-License-Identifier: GPL-2.0
/*
 * Alignment the kernel checks on every program: stack accesses (its
 * spill tracking needs whole slots), atomics anywhere, and a helper's
 * MEM_ALIGNED argument (bpf_strtol's long *res). The model once accepted
 * the misaligned ones. EXPECT-VERDICT and EXPECT-MSG are what 6.18
 * answers (measured); tests/model/btf_args.py holds the model to them and
 * to the live kernel. Packets and map values are checked only under
 * BPF_F_STRICT_ALIGNMENT: strict_alignment.bpf.c.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64[2]);
} totals SEC(".maps");

/* EXPECT-VERDICT: rejected — a 4-byte atomic add 3 bytes into a map value */
/* EXPECT-MSG: misaligned value access off 0+0+3 size 4 */
SEC("tc")
__attribute__((naked))
int atomic_value_misaligned(void)
{
	asm volatile ("r1 = 0; *(u32 *)(r10 - 4) = r1; r2 = r10; r2 += -4;"
		      "r1 = %[totals] ll; call %[lookup]; if r0 == 0 goto 1f;"
		      "r1 = 1; lock *(u32 *)(r0 + 3) += r1;"
		      "1: r0 = 0; exit;"
		      :: [totals] "i"(&totals), [lookup] "i"(BPF_FUNC_map_lookup_elem)
		      : "r0", "r1", "r2");
}

/* EXPECT-VERDICT: accepted — the same add on a 4-byte boundary */
SEC("tc")
__attribute__((naked))
int atomic_value_aligned(void)
{
	asm volatile ("r1 = 0; *(u32 *)(r10 - 4) = r1; r2 = r10; r2 += -4;"
		      "r1 = %[totals] ll; call %[lookup]; if r0 == 0 goto 1f;"
		      "r1 = 1; lock *(u32 *)(r0 + 4) += r1;"
		      "1: r0 = 0; exit;"
		      :: [totals] "i"(&totals), [lookup] "i"(BPF_FUNC_map_lookup_elem)
		      : "r0", "r1", "r2");
}

/* EXPECT-VERDICT: rejected — an 8-byte atomic add at fp-12 */
/* EXPECT-MSG: misaligned stack access off 0+0+-12 size 8 */
SEC("tc")
__attribute__((naked))
int atomic_stack_misaligned(void)
{
	asm volatile ("r1 = 0; *(u64 *)(r10 - 16) = r1; *(u64 *)(r10 - 8) = r1;"
		      "r1 = 1; lock *(u64 *)(r10 - 12) += r1; r0 = 0; exit;" ::: "r0", "r1");
}

/* EXPECT-VERDICT: rejected — a plain 4-byte store at fp-6 */
/* EXPECT-MSG: misaligned stack access off 0+0+-6 size 4 */
SEC("tc")
__attribute__((naked))
int store_stack_misaligned(void)
{
	asm volatile ("r1 = 0; *(u32 *)(r10 - 6) = r1; r0 = 0; exit;" ::: "r0", "r1");
}

/* EXPECT-VERDICT: rejected — bpf_strtol's result at fp-20, not 8-aligned */
/* EXPECT-MSG: misaligned stack access off 0+-20+0 size 8 */
SEC("cgroup/sysctl")
__attribute__((naked))
int strtol_result_misaligned(void)
{
	asm volatile ("r1 = 0x00000037; *(u64 *)(r10 - 8) = r1;"   /* "7" */
		      "r1 = r10; r1 += -8; r2 = 2; r3 = 0;"
		      "r4 = r10; r4 += -20; call %[strtol]; r0 = 1; exit;"
		      :: [strtol] "i"(BPF_FUNC_strtol) : "r0", "r1", "r2", "r3", "r4");
}

/* EXPECT-VERDICT: accepted — the result at fp-24 */
SEC("cgroup/sysctl")
__attribute__((naked))
int strtol_result_aligned(void)
{
	asm volatile ("r1 = 0x00000037; *(u64 *)(r10 - 8) = r1;"
		      "r1 = r10; r1 += -8; r2 = 2; r3 = 0;"
		      "r4 = r10; r4 += -24; call %[strtol]; r0 = 1; exit;"
		      :: [strtol] "i"(BPF_FUNC_strtol) : "r0", "r1", "r2", "r3", "r4");
}
