// SPDX-License-Identifier: GPL-2.0
/*
 * What a privileged loader may do that the model once refused: a spilled
 * register stays linked to its fill (so a branch the link decides is
 * dead), part of a pointer read as a number, a pointer negated or
 * byte-swapped (a number after), 8-byte stores into __sk_buff's cb[] and
 * tstamp; and one it may not: update a sockmap from
 * sock_ops with the plain map helper (may_update_sockmap). EXPECT-VERDICT
 * and EXPECT-MSG are what 6.18 answers (measured); tests/model/btf_args.py
 * holds the model to them and to the live kernel.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_SOCKMAP);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} socks SEC(".maps");

/* EXPECT-VERDICT: accepted — r1 filled from r0's 32-bit spill equals r0: the bad load is dead */
SEC("xdp")
__attribute__((naked))
int spill_fill_linked(void)
{
	asm volatile ("call %[rnd]; r0 &= 0xff00;"
		      "*(u32 *)(r10 - 8) = r0; r1 = *(u32 *)(r10 - 8);"
		      "r2 = 0; if r1 != r2 goto 1f; if r0 == r2 goto 1f;"
		      "r0 = *(u64 *)(r9 + 0); exit;"
		      "1: r0 = 2; exit;"
		      :: [rnd] "i"(BPF_FUNC_get_prandom_u32) : "r0", "r1", "r2");
}

/* EXPECT-VERDICT: accepted — the low byte of the frame pointer, sign-extended */
SEC("socket")
__attribute__((naked))
int movsx_of_pointer(void)
{
	asm volatile ("r0 = (s8)r10; r0 = 0; exit;" ::: "r0");
}

/* EXPECT-VERDICT: accepted — a u64 into cb[0..1] and the timestamp */
SEC("cgroup_skb/egress")
__attribute__((naked))
int skb_u64_stores(void)
{
	asm volatile ("r0 = 0; *(u64 *)(r1 + %[cb]) = r0; *(u64 *)(r1 + %[ts]) = r0;"
		      "r0 = 1; exit;"
		      :: [cb] "i"(__builtin_offsetof(struct __sk_buff, cb)),
			 [ts] "i"(__builtin_offsetof(struct __sk_buff, tstamp)) : "r0");
}

/* EXPECT-VERDICT: rejected — sock_ops adds sockets through bpf_sock_map_update only */
/* EXPECT-MSG: cannot pass map_type 15 into func bpf_map_update_elem#2 */
SEC("sockops")
int sockops_map_update(struct bpf_sock_ops *ops)
{
	struct bpf_sock *sk = ops->sk;
	__u32 k = 0;

	if (sk)
		bpf_map_update_elem(&socks, &k, sk, BPF_ANY);
	return 1;
}

/* EXPECT-VERDICT: accepted — a negated pointer is a number, for root */
SEC("socket")
__attribute__((naked))
int negated_pointer(void)
{
	asm volatile ("r1 = -r1; r0 = 0; exit;" ::: "r0", "r1");
}

/* EXPECT-VERDICT: rejected — a byte-swapped pointer is no longer a pointer */
/* EXPECT-MSG: R1 invalid mem access 'scalar' */
SEC("socket")
__attribute__((naked))
int negated_pointer_read(void)
{
	asm volatile ("r1 = be16 r1; r0 = *(u8 *)(r1 + 0); exit;" ::: "r0", "r1");
}
