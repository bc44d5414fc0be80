// SPDX-License-Identifier: GPL-2.0
/*
 * Packet pointers against helpers and calls: only helpers whose proto
 * says pkt_access take them, global functions that may change the packet
 * (a tail call counts) invalidate them (6.13+), a data_meta pointer is
 * bounded only by data itself; flow keys move by constants only, LD_ABS
 * needs a subprogram returning int, and a netfilter context is two
 * 8-byte pointers. The model once accepted every rejected one here.
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

/* EXPECT-VERDICT: rejected — bpf_skb_load_bytes does not write into the packet */
/* EXPECT-MSG: helper access to the packet is not allowed */
SEC("tc")
int load_into_packet(struct __sk_buff *skb)
{
	void *data = (void *)(long)skb->data, *end = (void *)(long)skb->data_end;

	if (data + 8 > end)
		return 0;
	bpf_skb_load_bytes(skb, 0, data, 4);
	return 0;
}

/* EXPECT-VERDICT: accepted — bpf_csum_diff reads the packet */
SEC("tc")
int csum_of_packet(struct __sk_buff *skb)
{
	void *data = (void *)(long)skb->data, *end = (void *)(long)skb->data_end;

	if (data + 8 > end)
		return 0;
	return bpf_csum_diff(0, 0, data, 8, 0) & 1;
}

/* EXPECT-VERDICT: accepted — a tail call in the program itself keeps them */
SEC("tc")
int packet_after_tail_call(struct __sk_buff *skb)
{
	__u8 *p = (void *)(long)skb->data;

	if ((void *)(p + 1) > (void *)(long)skb->data_end)
		return 0;
	bpf_tail_call(skb, &jumps, 0);
	return *p;
}

__attribute__((noinline)) int jump_on(struct __sk_buff *skb)
{
	bpf_tail_call(skb, &jumps, 1);
	return 0;
}

/* EXPECT-VERDICT: rejected — a global function that tail calls may change the packet */
/* EXPECT-MSG: invalid mem access 'scalar' */
SEC("tc")
int packet_after_global_tail_call(struct __sk_buff *skb)
{
	__u8 *p = (void *)(long)skb->data;

	if ((void *)(p + 1) > (void *)(long)skb->data_end)
		return 0;
	jump_on(skb);
	return *p;
}

__attribute__((noinline)) int pull_all(struct __sk_buff *skb)
{
	return bpf_skb_pull_data(skb, 0);
}

/* EXPECT-VERDICT: rejected — the global function pulls: the checked pointer is gone */
/* EXPECT-MSG: invalid mem access 'scalar' */
SEC("tc")
int packet_after_global_pull(struct __sk_buff *skb)
{
	__u8 *p = (void *)(long)skb->data;

	if ((void *)(p + 1) > (void *)(long)skb->data_end)
		return 0;
	pull_all(skb);
	return *p;
}

/* EXPECT-VERDICT: rejected — meta + 4 <= data + 4 bounds nothing */
/* EXPECT-MSG: offset is outside of the packet */
SEC("xdp")
__attribute__((naked))
int meta_against_moved_data(void)
{
	asm volatile ("r2 = *(u32 *)(r1 + %[meta]); r3 = *(u32 *)(r1 + %[data]);"
		      "r3 += 4; r4 = r2; r4 += 4;"
		      "if r4 > r3 goto 1f;"
		      "r0 = *(u32 *)(r2 + 0);"
		      "1: r0 = 2; exit;"
		      :: [meta] "i"(__builtin_offsetof(struct xdp_md, data_meta)),
			 [data] "i"(__builtin_offsetof(struct xdp_md, data))
		      : "r0", "r2", "r3", "r4");
}

/* EXPECT-VERDICT: accepted — meta + 4 <= data bounds four bytes of metadata */
SEC("xdp")
__attribute__((naked))
int meta_against_data(void)
{
	asm volatile ("r2 = *(u32 *)(r1 + %[meta]); r3 = *(u32 *)(r1 + %[data]);"
		      "r4 = r2; r4 += 4;"
		      "if r4 > r3 goto 1f;"
		      "r0 = *(u32 *)(r2 + 0);"
		      "1: r0 = 2; exit;"
		      :: [meta] "i"(__builtin_offsetof(struct xdp_md, data_meta)),
			 [data] "i"(__builtin_offsetof(struct xdp_md, data))
		      : "r0", "r2", "r3", "r4");
}

/* EXPECT-VERDICT: rejected — flow keys plus an unknown offset */
/* EXPECT-MSG: pointer arithmetic on flow_keys prohibited */
SEC("flow_dissector")
__attribute__((naked))
int flow_keys_moved(void)
{
	asm volatile ("r6 = *(u64 *)(r1 + %[keys]); r2 = *(u8 *)(r6 + 0);"
		      "r2 &= 7; r6 += r2; r0 = *(u8 *)(r6 + 0);"
		      "r0 = 0; exit;"
		      :: [keys] "i"(__builtin_offsetof(struct __sk_buff, flow_keys))
		      : "r0", "r2", "r6");
}

static __attribute__((noinline, used)) void count_byte(void)
{
	asm volatile ("r6 = r1; r0 = *(u8 *)skb[0]; r0 = 0; exit;" ::: "r0", "r6");
}

/* EXPECT-VERDICT: rejected — LD_ABS may return 0 from any function: void ones may not */
/* EXPECT-MSG: LD_ABS is only allowed in functions that return 'int'. */
SEC("socket")
__attribute__((naked))
int ld_abs_in_void(void)
{
	asm volatile ("call count_byte; r0 = 0; exit;" ::: "r0");
}

/* EXPECT-VERDICT: rejected — the hook state pointer read one byte wide */
/* EXPECT-MSG: invalid bpf_context access off=0 size=1 */
SEC("netfilter")
__attribute__((naked))
int nf_state_byte(void)
{
	asm volatile ("r2 = *(u8 *)(r1 + 0); r0 = 1; exit;" ::: "r0", "r2");
}

/* EXPECT-VERDICT: rejected — past struct bpf_nf_ctx */
/* EXPECT-MSG: invalid bpf_context access off=16 size=8 */
SEC("netfilter")
__attribute__((naked))
int nf_past_ctx(void)
{
	asm volatile ("r2 = *(u64 *)(r1 + 16); r0 = 1; exit;" ::: "r0", "r2");
}

/* EXPECT-VERDICT: accepted — the skb pointer, whole */
SEC("netfilter")
__attribute__((naked))
int nf_skb(void)
{
	asm volatile ("r2 = *(u64 *)(r1 + 8); r0 = 1; exit;" ::: "r0", "r2");
}
