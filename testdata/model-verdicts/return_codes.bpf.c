// SPDX-License-Identifier: GPL-2.0
/*
 * What a program may return (check_return_code): sock_addr hooks 0 or 1,
 * recvmsg/getpeername/getsockname only 1, bind 0..3, cgroup skb egress
 * 0..3; a pointer is never a verdict. The model once checked cgroup skb
 * only. EXPECT-VERDICT and EXPECT-MSG are what 6.18 answers (measured);
 * tests/model/btf_args.py holds the model to them and to the live kernel.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

/* EXPECT-VERDICT: rejected — sendmsg4 returns 0 or 1 */
/* EXPECT-MSG: At program exit the register R0 has smin=2 smax=2 should have been in [0, 1] */
SEC("cgroup/sendmsg4")
int sendmsg_two(struct bpf_sock_addr *ctx)
{
	return 2;
}

/* EXPECT-VERDICT: rejected — recvmsg4 may only return 1 */
/* EXPECT-MSG: At program exit the register R0 has smin=0 smax=0 should have been in [1, 1] */
SEC("cgroup/recvmsg4")
int recvmsg_zero(struct bpf_sock_addr *ctx)
{
	return 0;
}

/* EXPECT-VERDICT: accepted — recvmsg4 returning 1 */
SEC("cgroup/recvmsg4")
int recvmsg_one(struct bpf_sock_addr *ctx)
{
	return 1;
}

/* EXPECT-VERDICT: accepted — bind4 may return 3 */
SEC("cgroup/bind4")
int bind_three(struct bpf_sock_addr *ctx)
{
	return ctx->user_port == 0 ? 3 : 1;
}

/* EXPECT-VERDICT: rejected — a getsockopt hook returning an unknown number */
/* EXPECT-MSG: At program exit the register R0 has smin=0 smax=4294967295 should have been in [0, 1] */
SEC("cgroup/getsockopt")
int sockopt_unknown(struct bpf_sockopt *ctx)
{
	return ctx->optlen;
}

/* EXPECT-VERDICT: rejected — a sock_create hook returning its context */
/* EXPECT-MSG: At program exit the register R0 is not a known value (ctx) */
SEC("cgroup/sock_create")
__attribute__((naked))
int sock_create_ctx(void)
{
	asm volatile ("r0 = r1; exit;" ::: "r0");
}

/* EXPECT-VERDICT: accepted — cgroup skb egress may return 2 or 3 */
SEC("cgroup_skb/egress")
int egress_three(struct __sk_buff *skb)
{
	return skb->len > 100 ? 3 : 1;
}
