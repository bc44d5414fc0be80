// SPDX-License-Identifier: GPL-2.0
/*
 * How the kernel words a bad dynptr argument: the last line of its log,
 * after dynptr_get_spi's own ("cannot pass in dynptr at an offset=%d"),
 * says what was expected; a variable-offset store ends every dynptr it
 * may touch (a ringbuf record's cannot be); bpf_dynptr_slice's buffer is
 * checked over the largest size before the size must be a constant; a
 * global function's bad dynptr argument is the caller's fault; the packet
 * constructors exist only in the packet program types. EXPECT-VERDICT,
 * EXPECT-MSG and EXPECT-INSNS are what 6.18.44-fc-v1272 answers
 * (measured); tests/model/btf_args.py holds the model to them and to the
 * live kernel's message and count.
 */
#include <linux/bpf.h>
#include <linux/pkt_cls.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 4096);
} events SEC(".maps");

extern int bpf_dynptr_from_skb(struct __sk_buff *s, __u64 flags,
			       struct bpf_dynptr *ptr__uninit) __ksym;
extern void *bpf_dynptr_slice(const struct bpf_dynptr *p, __u32 offset,
			      void *buffer__opt, __u32 buffer__szk) __ksym;

/* EXPECT-VERDICT: rejected — a dynptr needs two slots: fp-8 has one */
/* EXPECT-MSG: Dynptr has to be an uninitialized dynptr */
/* EXPECT-INSNS: 4 */
SEC("tc")
__attribute__((naked)) int new_at_fp8(void)
{
	asm volatile ("r2 = 0;"
		      "r3 = r10;"
		      "r3 += -8;"
		      "call %[from_skb];"
		      "r0 = 0;"
		      "exit;"
		      :: [from_skb] "i"(bpf_dynptr_from_skb) : "memory");
}

/* EXPECT-VERDICT: rejected — a dynptr read 4 bytes off its start */
/* EXPECT-MSG: Expected an initialized dynptr as arg #2 */
/* EXPECT-INSNS: 12 */
SEC("tc")
__attribute__((naked)) int read_misaligned(void)
{
	asm volatile ("r2 = 0;"
		      "r3 = r10;"
		      "r3 += -16;"
		      "call %[from_skb];"
		      "r1 = r10;"
		      "r1 += -28;"
		      "r2 = 4;"
		      "r3 = r10;"
		      "r3 += -12;"
		      "r4 = 0;"
		      "r5 = 0;"
		      "call %[read];"
		      "r0 = 0;"
		      "exit;"
		      :: [from_skb] "i"(bpf_dynptr_from_skb),
			 [read] "i"(BPF_FUNC_dynptr_read) : "memory");
}

/* EXPECT-VERDICT: rejected — a store at a variable offset into a record's dynptr */
/* EXPECT-MSG: cannot overwrite referenced dynptr */
/* EXPECT-INSNS: 14 */
SEC("tc")
__attribute__((naked)) int rb_var_off_store(void)
{
	asm volatile ("r6 = r1;"
		      "r1 = %[events] ll;"
		      "r2 = 8;"
		      "r3 = 0;"
		      "r4 = r10;"
		      "r4 += -16;"
		      "call %[reserve];"
		      "r2 = *(u32 *)(r6 + 0);"
		      "r2 &= 7;"
		      "r1 = r10;"
		      "r1 += -16;"
		      "r1 += r2;"
		      "r3 = 0;"
		      "*(u8 *)(r1 + 0) = r3;"
		      "r1 = r10;"
		      "r1 += -16;"
		      "r2 = 0;"
		      "call %[discard];"
		      "r0 = 0;"
		      "exit;"
		      :: [events] "i"(&events), [reserve] "i"(BPF_FUNC_ringbuf_reserve_dynptr),
			 [discard] "i"(BPF_FUNC_ringbuf_discard_dynptr) : "memory");
}

/* EXPECT-VERDICT: rejected — ... which ends a packet dynptr */
/* EXPECT-MSG: Expected an initialized dynptr as arg #0 */
/* EXPECT-INSNS: 18 */
SEC("tc")
__attribute__((naked)) int skb_var_off_store(void)
{
	asm volatile ("r6 = r1;"
		      "r2 = 0;"
		      "r3 = r10;"
		      "r3 += -16;"
		      "call %[from_skb];"
		      "r2 = *(u32 *)(r6 + 0);"
		      "r2 &= 7;"
		      "r1 = r10;"
		      "r1 += -16;"
		      "r1 += r2;"
		      "r3 = 0;"
		      "*(u8 *)(r1 + 0) = r3;"
		      "r1 = r10;"
		      "r1 += -16;"
		      "r2 = 0;"
		      "r3 = 0;"
		      "r4 = 4;"
		      "call %[slice];"
		      "r0 = 0;"
		      "exit;"
		      :: [from_skb] "i"(bpf_dynptr_from_skb), [slice] "i"(bpf_dynptr_slice)
		      : "memory");
}

/* EXPECT-VERDICT: rejected — a slice of a size not known, into a buffer big enough */
/* EXPECT-MSG: R4 must be a known constant */
/* EXPECT-INSNS: 16 */
SEC("tc")
int slice_var_size(struct __sk_buff *skb)
{
	struct bpf_dynptr pkt;
	__u8 buf[16] = {}, *p;

	bpf_dynptr_from_skb(skb, 0, &pkt);
	p = bpf_dynptr_slice(&pkt, 0, buf, skb->len & 15);
	return p ? p[0] : TC_ACT_OK;
}

/* EXPECT-VERDICT: rejected — ... and into a buffer too small for its largest */
/* EXPECT-MSG: arg#2 arg#3 memory, len pair leads to invalid memory access */
/* EXPECT-INSNS: 15 */
SEC("tc")
int slice_var_size_small(struct __sk_buff *skb)
{
	struct bpf_dynptr pkt;
	__u8 buf[4] = {}, *p;

	bpf_dynptr_from_skb(skb, 0, &pkt);
	p = bpf_dynptr_slice(&pkt, 0, buf, skb->len & 15);
	return p ? p[0] : TC_ACT_OK;
}

__attribute__((noinline)) int first_byte(struct bpf_dynptr *p)
{
	__u8 b = 0;

	bpf_dynptr_read(&b, 1, p, 0, 0);
	return b;
}

/* EXPECT-VERDICT: rejected — a global function given no dynptr */
/* EXPECT-MSG: Caller passes invalid args into func#1 ('first_byte') */
/* EXPECT-INSNS: 22 */
SEC("tc")
int global_uninit(struct __sk_buff *skb)
{
	struct bpf_dynptr pkt;

	if (skb->len > 100)
		bpf_dynptr_from_skb(skb, 0, &pkt);
	return first_byte(&pkt) ? TC_ACT_SHOT : TC_ACT_OK;
}

/* EXPECT-VERDICT: rejected — an skb dynptr in a raw tracepoint */
/* EXPECT-MSG: calling kernel function bpf_dynptr_from_skb is not allowed */
/* EXPECT-INSNS: 4 */
SEC("raw_tp")
__attribute__((naked)) int from_skb_raw_tp(void)
{
	asm volatile ("r2 = 0;"
		      "r3 = r10;"
		      "r3 += -16;"
		      "call %[from_skb];"
		      "r0 = 0;"
		      "exit;"
		      :: [from_skb] "i"(bpf_dynptr_from_skb) : "memory");
}
