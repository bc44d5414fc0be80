// SPDX-License-Identifier: GPL-2.0
/*
 * Contexts of the socket and cgroup hooks, and the socket pointers they
 * hold: packet pointers in sk_skb/lwt/flow_dissector/sk_msg/sk_reuseport,
 * the fields a hook may store to, skb->sk (sock_common or NULL) and its
 * full-socket and tcp_sock views (read-only, some fields only), and
 * socket lookups that take a reference bpf_sk_release must drop. The
 * model once called all of these scalars and refused them. EXPECT-VERDICT
 * is what 6.18 answers (measured); tests/model/btf_args.py holds the
 * model to it and, where bpf() is permitted, to the kernel's count.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

#define FIRST_BYTE(ctx_t, name, sec)						\
	SEC(sec) int name(ctx_t *c)						\
	{									\
		void *d = (void *)(long)c->data, *e = (void *)(long)c->data_end; \
		if (d + 4 > e)							\
			return 0;						\
		return *(unsigned char *)d + 1;					\
	}

/* EXPECT-VERDICT: accepted — sk_skb reads its packet */
FIRST_BYTE(struct __sk_buff, skskb_pkt, "sk_skb/stream_verdict")
/* EXPECT-VERDICT: accepted — so does lwt_in */
FIRST_BYTE(struct __sk_buff, lwt_pkt, "lwt_in")
/* EXPECT-VERDICT: accepted — and flow_dissector */
FIRST_BYTE(struct __sk_buff, flow_pkt, "flow_dissector")
/* EXPECT-VERDICT: accepted — sk_msg's data are 8-byte pointers */
FIRST_BYTE(struct sk_msg_md, msg_pkt, "sk_msg")

/* EXPECT-VERDICT: accepted — sock_create may set the mark and priority */
SEC("cgroup/sock_create")
int sock_mark(struct bpf_sock *sk)
{
	sk->mark = 7;
	sk->priority = 1;
	return 1;
}

/* EXPECT-VERDICT: accepted — connect4 rewrites the destination */
SEC("cgroup/connect4")
int addr_write(struct bpf_sock_addr *ctx)
{
	if (ctx->user_port == 0x5000) {
		ctx->user_ip4 = 0x0100007f;
		ctx->user_port = 0x5100;
	}
	return 1;
}

/* EXPECT-VERDICT: accepted — sock_ops sets its reply and reads its socket */
SEC("sockops")
int ops_sk(struct bpf_sock_ops *o)
{
	struct bpf_sock *sk = o->sk;

	o->reply = 1;
	if (!sk)
		return 1;
	return sk->family == 2;
}

/* EXPECT-VERDICT: accepted — a full socket, then its protocol */
SEC("tc")
int tc_fullsock(struct __sk_buff *skb)
{
	struct bpf_sock *sk = skb->sk;

	if (!sk)
		return 0;
	sk = bpf_sk_fullsock(sk);
	if (!sk)
		return 0;
	return sk->protocol == 6;
}

/* EXPECT-VERDICT: accepted — the tcp_sock view */
SEC("tc")
int tc_tcp(struct __sk_buff *skb)
{
	struct bpf_sock *sk = skb->sk;
	struct bpf_tcp_sock *tp;

	if (!sk)
		return 0;
	tp = bpf_tcp_sock(sk);
	if (!tp)
		return 0;
	return tp->snd_cwnd > 10;
}

/* EXPECT-VERDICT: rejected — skb->sk may be NULL */
SEC("tc")
int tc_sk_unchecked(struct __sk_buff *skb)
{
	return skb->sk->family == 2;
}

/* EXPECT-VERDICT: rejected — a socket is read-only */
SEC("cgroup_skb/egress")
int cg_sk_write(struct __sk_buff *skb)
{
	struct bpf_sock *sk = skb->sk;

	if (!sk)
		return 1;
	sk = bpf_sk_fullsock(sk);
	if (!sk)
		return 1;
	sk->mark = 1;
	return 1;
}

/* EXPECT-VERDICT: rejected — a sock_common has no protocol field */
SEC("tc")
int tc_common_protocol(struct __sk_buff *skb)
{
	struct bpf_sock *sk = skb->sk;

	if (!sk)
		return 0;
	return sk->protocol == 6;
}

/* EXPECT-VERDICT: accepted — a looked-up socket, released */
SEC("tc")
int tc_lookup(struct __sk_buff *skb)
{
	struct bpf_sock_tuple t = {};
	struct bpf_sock *sk;
	int state;

	t.ipv4.dport = skb->mark;
	sk = bpf_sk_lookup_tcp(skb, &t, sizeof(t.ipv4), -1, 0);
	if (!sk)
		return 0;
	state = sk->state;
	bpf_sk_release(sk);
	return state;
}

/* EXPECT-VERDICT: rejected — tc may not read the socket fields of __sk_buff */
SEC("tc")
int tc_local_port(struct __sk_buff *skb)
{
	return skb->local_port == 22;
}

/* EXPECT-VERDICT: accepted — cgroup_skb may */
SEC("cgroup_skb/ingress")
int cg_local_port(struct __sk_buff *skb)
{
	return skb->local_port == 22;
}

/* EXPECT-VERDICT: rejected — the looked-up socket is never released */
SEC("tc")
int tc_lookup_leak(struct __sk_buff *skb)
{
	struct bpf_sock_tuple t = {};
	struct bpf_sock *sk;

	sk = bpf_sk_lookup_udp(skb, &t, sizeof(t.ipv4), -1, 0);
	if (!sk)
		return 0;
	return sk->state;
}

/* EXPECT-VERDICT: rejected — skb->sk holds no reference to release */
SEC("tc")
int tc_release_unref(struct __sk_buff *skb)
{
	struct bpf_sock *sk = skb->sk;

	if (!sk)
		return 0;
	bpf_sk_release(sk);
	return 0;
}
