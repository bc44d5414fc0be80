// SPDX-License-Identifier: GPL-2.0
/*
 * A packet pointer compared past pkt_end keeps that knowledge (the
 * kernel's mark_pkt_end: "at" pkt_end for >=, "beyond" for >), and a second
 * comparison of the same pointer with pkt_end is then decided
 * (is_pkt_ptr_branch_taken): its other side is never walked. EXPECT-VERDICT
 * is what 6.18.44-fc-v1272 answers (measured); tests/model/btf_args.py
 * holds the model to it and to the live kernel's processed count.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

/* EXPECT-VERDICT: accepted — past the end, "if (p <= end)" is never true: its read is dead */
SEC("xdp")
__attribute__((naked)) int beyond_end_dead_read(void)
{
	asm volatile ("r2 = *(u32 *)(r1 + %[data]);"
		      "r3 = *(u32 *)(r1 + %[data_end]);"
		      "r4 = r2;"
		      "r4 += 4;"
		      "if r4 > r3 goto l0_%=;"
		      "r0 = *(u32 *)(r2 + 0);"
		      "r0 = 2;"
		      "exit;"
		      "l0_%=:"
		      "if r4 <= r3 goto l1_%=;"
		      "r0 = 1;"
		      "exit;"
		      "l1_%=:"
		      "r0 = *(u64 *)(r2 + 0);"
		      "r0 = 2;"
		      "exit;"
		      :: [data] "i"(__builtin_offsetof(struct xdp_md, data)),
			 [data_end] "i"(__builtin_offsetof(struct xdp_md, data_end)) : "memory");
}

/* EXPECT-VERDICT: accepted — at the end (>=), "end > p" is known false, "p >= end" true */
SEC("tc")
__attribute__((naked)) int at_end_both_decided(void)
{
	asm volatile ("r2 = *(u32 *)(r1 + %[data]);"
		      "r3 = *(u32 *)(r1 + %[data_end]);"
		      "r4 = r2;"
		      "r4 += 14;"
		      "if r4 < r3 goto l0_%=;"
		      "if r3 > r4 goto l1_%=;"
		      "if r4 >= r3 goto l1_%=;"
		      "r0 = *(u8 *)(r2 + 0);"
		      "l1_%=:"
		      "r0 = 2;"
		      "exit;"
		      "l0_%=:"
		      "r0 = *(u8 *)(r2 + 13);"
		      "r0 = 0;"
		      "exit;"
		      :: [data] "i"(__builtin_offsetof(struct __sk_buff, data)),
			 [data_end] "i"(__builtin_offsetof(struct __sk_buff, data_end)) : "memory");
}
