// SPDX-License-Identifier: GPL-2.0
/*
 * Context accesses the socket hooks refuse: half of a pointer field
 * (the kernel's bpf_ctx_range_ptr takes only the whole 8-byte load), a
 * sign-extending load of a packet pointer, and a context pointer moved
 * off its start before a helper takes it (__check_ptr_off_reg). The model
 * once accepted all of them. EXPECT-VERDICT and EXPECT-MSG are what 6.18
 * answers (measured); tests/model/btf_args.py holds the model to them and
 * to the live kernel.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

/* the upper 4 bytes of an 8-byte field at off */
#define HIGH_HALF(ctx, off) (*(volatile __u32 *)((char *)(ctx) + (off) + 4))

/* EXPECT-VERDICT: accepted — getsockopt reads its socket pointer whole */
SEC("cgroup/getsockopt")
int sockopt_sk_whole(struct bpf_sockopt *ctx)
{
	return ctx->sk != 0;
}

/* EXPECT-VERDICT: rejected — half of bpf_sockopt's sk */
/* EXPECT-MSG: invalid bpf_context access off=4 size=4 */
SEC("cgroup/getsockopt")
int sockopt_sk_half(struct bpf_sockopt *ctx)
{
	return HIGH_HALF(ctx, 0) ? 1 : 1;
}

/* EXPECT-VERDICT: rejected — half of bpf_sockopt's optval_end */
/* EXPECT-MSG: invalid bpf_context access off=20 size=4 */
SEC("cgroup/setsockopt")
int sockopt_optval_end_half(struct bpf_sockopt *ctx)
{
	return HIGH_HALF(ctx, 16) ? 1 : 1;
}

/* EXPECT-VERDICT: rejected — half of bpf_sock_addr's sk */
/* EXPECT-MSG: invalid bpf_context access off=68 size=4 */
SEC("cgroup/connect4")
int sock_addr_sk_half(struct bpf_sock_addr *ctx)
{
	return HIGH_HALF(ctx, 64) ? 1 : 1;
}

/* EXPECT-VERDICT: rejected — half of bpf_sock_ops' skb_data */
/* EXPECT-MSG: invalid bpf_context access off=196 size=4 */
SEC("sockops")
int sock_ops_skb_data_half(struct bpf_sock_ops *ctx)
{
	return HIGH_HALF(ctx, 192) ? 1 : 1;
}

/* EXPECT-VERDICT: rejected — xdp's data pointer, sign-extended */
/* EXPECT-MSG: invalid bpf_context access off=0 size=4 */
SEC("xdp")
__attribute__((naked))
int xdp_data_ldsx(void)
{
	asm volatile ("r2 = *(s32 *)(r1 + 0); r0 = 2; exit;" ::: "r0", "r2");
}

/* EXPECT-VERDICT: accepted — the same field loaded plainly */
SEC("xdp")
__attribute__((naked))
int xdp_data_plain(void)
{
	asm volatile ("r2 = *(u32 *)(r1 + 0); r0 = 2; exit;" ::: "r0", "r2");
}

/* EXPECT-VERDICT: rejected — the context moved back, then to a helper */
/* EXPECT-MSG: negative offset ctx ptr R1 off=-8 disallowed */
SEC("cgroup/sendmsg4")
__attribute__((naked))
int ctx_moved_to_helper(void)
{
	asm volatile ("r1 += -8; call %[cookie]; r0 = 1; exit;"
		      :: [cookie] "i"(BPF_FUNC_get_netns_cookie) : "r0", "r1");
}

/* EXPECT-VERDICT: rejected — the context moved by a variable, then to a helper */
/* EXPECT-MSG: variable ctx access var_off=(0x0; 0x8) disallowed */
SEC("tc")
__attribute__((naked))
int ctx_var_moved_to_helper(void)
{
	asm volatile ("r3 = *(u32 *)(r1 + 0); r3 &= 8; r1 += r3; r2 = 0;"
		      "call %[csum]; r0 = 0; exit;"
		      :: [csum] "i"(BPF_FUNC_csum_update) : "r0", "r1", "r2", "r3");
}

/* EXPECT-VERDICT: accepted — the context unmoved */
SEC("cgroup/sendmsg4")
int ctx_to_helper(struct bpf_sock_addr *ctx)
{
	return bpf_get_netns_cookie(ctx) ? 1 : 1;
}
