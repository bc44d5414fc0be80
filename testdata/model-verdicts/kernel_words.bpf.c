// SPDX-License-Identifier: GPL-2.0
/*
 * Rejections the model once worded otherwise than 6.18: a BTF pointer's
 * type as reg_type_str prints it (PTR_TRUSTED is "trusted_", a nullable
 * one ends in "or_null_"), a socket helper that takes no BTF pointer
 * (ARG_PTR_TO_SOCK_COMMON) and its shorter expected list, a release of a
 * socket that holds no reference, a helper's stack buffer too small for
 * what it may write, an LD_ABS while a reference is held.
 * EXPECT-VERDICT and EXPECT-MSG are what 6.18.44-fc-v1272 answers
 * (measured); tests/model/btf_args.py holds the model to them and to the
 * live kernel.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

unsigned long long load_byte(void *skb, unsigned long long off) asm("llvm.bpf.load.byte");

/* EXPECT-VERDICT: rejected — ctx->task may be NULL */
/* EXPECT-MSG: R1 invalid mem access 'trusted_ptr_or_null_' */
SEC("iter/task")
int task_unchecked(struct bpf_iter__task *ctx)
{
	return ctx->task->pid & 1;
}

/* EXPECT-VERDICT: rejected — skb->sk may be NULL */
/* EXPECT-MSG: R1 type=sock_common_or_null expected=sock_common, sock, tcp_sock, xdp_sock */
SEC("tc")
int fullsock_unchecked(struct __sk_buff *skb)
{
	return bpf_sk_fullsock(skb->sk) != 0;
}

/* EXPECT-VERDICT: rejected — skb->sk is borrowed, not acquired */
/* EXPECT-MSG: R1 must be referenced when passed to release function */
SEC("tc")
int release_borrowed(struct __sk_buff *skb)
{
	struct bpf_sock *sk = skb->sk;

	if (!sk)
		return 0;
	bpf_sk_release(sk);
	return 1;
}

/* EXPECT-VERDICT: rejected — up to 65 bytes into a 64-byte buffer */
/* EXPECT-MSG: invalid write to stack R1 off=-64 size=65 */
SEC("kprobe/do_nanosleep")
int read_too_long(struct pt_regs *regs)
{
	char buf[64];
	__u32 n = bpf_get_prandom_u32() & 127;

	if (n > 65)
		return 0;
	bpf_probe_read_kernel(buf, n, (void *)regs);
	return buf[0];
}

/* EXPECT-VERDICT: rejected — LD_ABS may end the program with the socket held */
/* EXPECT-MSG: BPF_LD_[ABS|IND] would lead to reference leak */
SEC("tc")
int ld_abs_holding_socket(struct __sk_buff *skb)
{
	struct bpf_sock_tuple tuple = {};
	struct bpf_sock *sk = bpf_sk_lookup_tcp(skb, &tuple, sizeof(tuple.ipv4), -1, 0);
	int b;

	if (!sk)
		return 0;
	b = load_byte(skb, 0);
	bpf_sk_release(sk);
	return b;
}
