// SPDX-License-Identifier: GPL-2.0
/*
 * Maps and the helpers that take them (check_map_func_compatibility, both
 * ways), sockets found in a sockmap (a reference to release), locks named
 * by the lookup that found them, NULL learnt from comparing two pointers,
 * a map pointer reading (never writing) its kernel struct, and timers kept
 * from tracing programs (check_map_prog_compatibility). The model
 * once accepted the rejected ones and refused the accepted ones.
 * EXPECT-VERDICT and EXPECT-MSG are what 6.18 answers (measured);
 * tests/model/btf_args.py holds the model to them and to the live kernel.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_PROG_ARRAY);
	__uint(max_entries, 2);
	__type(key, __u32);
	__type(value, __u32);
} jumps SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 8);
	__type(key, __u32);
	__type(value, __u64);
} counts SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_SOCKMAP);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, __u64);
} socks SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_REUSEPORT_SOCKARRAY);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, __u64);
} group SEC(".maps");

struct guarded {
	struct bpf_spin_lock lock;
	__u64 n;
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 8);
	__type(key, __u32);
	__type(value, struct guarded);
} guarded_map SEC(".maps");

struct timed {
	struct bpf_timer timer;
	__u64 n;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct timed);
} timers SEC(".maps");

/* EXPECT-VERDICT: rejected — a kprobe may not hold a map with a bpf_timer */
/* EXPECT-MSG: tracing progs cannot use bpf_timer yet */
SEC("kprobe")
int timer_map_in_kprobe(void *ctx)
{
	__u32 k = 0;
	struct timed *t = bpf_map_lookup_elem(&timers, &k);

	return t ? t->n : 0;
}

/* EXPECT-VERDICT: accepted — a tc program may */
SEC("tc")
int timer_map_in_tc(struct __sk_buff *skb)
{
	__u32 k = 0;
	struct timed *t = bpf_map_lookup_elem(&timers, &k);

	return t ? t->n : 0;
}

/* EXPECT-VERDICT: rejected — a prog array is read by tail calls only */
/* EXPECT-MSG: cannot pass map_type 3 into func bpf_map_lookup_elem#1 */
SEC("socket")
int peek_prog_array(struct __sk_buff *skb)
{
	__u32 k = 0;

	return bpf_map_lookup_elem(&jumps, &k) != 0;
}

/* EXPECT-VERDICT: rejected — bpf_get_stackid wants a stack trace map */
/* EXPECT-MSG: cannot pass map_type 1 into func bpf_get_stackid#27 */
SEC("kprobe")
int stackid_into_hash(void *ctx)
{
	return bpf_get_stackid(ctx, &counts, 0) > 0;
}

/* EXPECT-VERDICT: rejected — the socket a sockmap lookup finds is never released */
/* EXPECT-MSG: would lead to reference leak */
SEC("sk_skb")
int sockmap_sock_kept(struct __sk_buff *skb)
{
	__u32 k = skb->len & 3;

	return bpf_map_lookup_elem(&socks, &k) ? 1 : 0;
}

/* EXPECT-VERDICT: accepted — the socket found is a socket, released after use */
SEC("sk_skb")
int sockmap_sock_released(struct __sk_buff *skb)
{
	__u32 k = skb->len & 3;
	struct bpf_sock *sk = bpf_map_lookup_elem(&socks, &k);
	int family;

	if (!sk)
		return 0;
	family = sk->family;
	bpf_sk_release(sk);
	return family == 2;
}

/* EXPECT-VERDICT: accepted — reuseport selection from a reuseport array */
SEC("sk_reuseport")
int pick_in_group(struct sk_reuseport_md *md)
{
	__u32 k = md->hash & 3;

	return bpf_sk_select_reuseport(md, &group, &k, 0) == 0 ? SK_PASS : SK_DROP;
}

/* EXPECT-VERDICT: rejected — two lookups are two locks, even of one map */
/* EXPECT-MSG: bpf_spin_unlock of different lock */
SEC("tc")
int unlock_the_other(struct __sk_buff *skb)
{
	__u32 k1 = 1, k2 = 2;
	struct guarded *a = bpf_map_lookup_elem(&guarded_map, &k1);
	struct guarded *b = bpf_map_lookup_elem(&guarded_map, &k2);

	if (!a || !b)
		return 0;
	bpf_spin_lock(&a->lock);
	a->n++;
	bpf_spin_unlock(&b->lock);
	return 0;
}

/* EXPECT-VERDICT: accepted — r6 equal to the checked r7 is not NULL either */
SEC("socket")
__attribute__((naked))
int equal_to_checked(void)
{
	asm volatile ("r1 = 0; *(u32 *)(r10 - 4) = r1;"
		      "r2 = r10; r2 += -4; r1 = %[map] ll; call %[lookup]; r6 = r0;"
		      "r2 = r10; r2 += -4; r1 = %[map] ll; call %[lookup]; r7 = r0;"
		      "if r7 == 0 goto 1f;"
		      "if r6 != r7 goto 1f;"
		      "r0 = *(u64 *)(r6 + 0); exit;"
		      "1: r0 = 0; exit;"
		      :: [map] "i"(&counts), [lookup] "i"(BPF_FUNC_map_lookup_elem)
		      : "r0", "r1", "r2", "r6", "r7");
}

/* EXPECT-VERDICT: accepted — a map pointer reads its struct bpf_map (ops, at 0) */
SEC("socket")
__attribute__((naked))
int read_map_struct(void)
{
	asm volatile ("r1 = %[map] ll; r6 = *(u64 *)(r1 + 0); r0 = 1; exit;"
		      :: [map] "i"(&counts) : "r0", "r1", "r6");
}

/* EXPECT-VERDICT: rejected — and never writes it */
/* EXPECT-MSG: only read from bpf_htab is supported */
SEC("socket")
__attribute__((naked))
int write_map_struct(void)
{
	asm volatile ("r1 = %[map] ll; r2 = 0; *(u64 *)(r1 + 0) = r2; r0 = 1; exit;"
		      :: [map] "i"(&counts) : "r0", "r1", "r2");
}
