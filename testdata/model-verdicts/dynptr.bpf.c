// SPDX-License-Identifier: GPL-2.0
/*
 * Dynptrs over packets and as global function arguments: a dynptr lives
 * in two stack slots, a slice of it is memory or NULL of the constant size
 * asked (read-only from bpf_dynptr_slice; this kernel refuses
 * bpf_dynptr_slice_rdwr), a write over the dynptr's slots ends it and
 * bpf_dynptr_data's slices (not a kfunc's), a helper that moves packet
 * data ends the slices of packet dynptrs, and a global function gets its
 * struct bpf_dynptr * argument as a dynptr. EXPECT-VERDICT and EXPECT-MSG
 * are what 6.18.44-fc-v1272 answers (measured); tests/model/btf_args.py
 * holds the model to them and to the live kernel's message and count.
 */
#include <linux/bpf.h>
#include <linux/pkt_cls.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

extern int bpf_dynptr_from_xdp(struct xdp_md *x, __u64 flags,
			       struct bpf_dynptr *ptr__uninit) __ksym;
extern int bpf_dynptr_from_skb(struct __sk_buff *s, __u64 flags,
			       struct bpf_dynptr *ptr__uninit) __ksym;
extern void *bpf_dynptr_slice(const struct bpf_dynptr *p, __u32 offset,
			      void *buffer__opt, __u32 buffer__szk) __ksym;
extern void *bpf_dynptr_slice_rdwr(const struct bpf_dynptr *p, __u32 offset,
				   void *buffer__opt, __u32 buffer__szk) __ksym;

/* EXPECT-VERDICT: accepted — a checked slice of the frame's first 14 bytes */
SEC("xdp")
int xdp_header_byte(struct xdp_md *ctx)
{
	struct bpf_dynptr pkt;
	__u8 copy[14] = {};
	__u8 *eth;

	if (bpf_dynptr_from_xdp(ctx, 0, &pkt))
		return XDP_PASS;
	eth = bpf_dynptr_slice(&pkt, 0, copy, sizeof(copy));
	if (!eth)
		return XDP_DROP;
	return eth[12] == 0x08 ? XDP_PASS : XDP_DROP;
}

/* EXPECT-VERDICT: rejected — the slice may be NULL */
/* EXPECT-MSG: invalid mem access 'rdonly_mem_or_null' */
SEC("xdp")
__attribute__((naked)) int xdp_slice_unchecked(void)
{
	asm volatile ("r2 = 0;"
		      "r3 = r10;"
		      "r3 += -16;"
		      "call %[from_xdp];"
		      "r1 = r10;"
		      "r1 += -16;"
		      "r2 = 0;"
		      "r3 = 0;"
		      "r4 = 4;"
		      "call %[slice];"
		      "r0 = *(u32 *)(r0 + 0);"
		      "r0 = 2;"
		      "exit;"
		      :: [from_xdp] "i"(bpf_dynptr_from_xdp), [slice] "i"(bpf_dynptr_slice)
		      : "memory");
}

/* EXPECT-VERDICT: rejected — bpf_dynptr_slice's memory is read-only */
/* EXPECT-MSG: cannot write into rdonly_mem */
SEC("xdp")
__attribute__((naked)) int xdp_slice_write(void)
{
	asm volatile ("r2 = 0;"
		      "r3 = r10;"
		      "r3 += -16;"
		      "call %[from_xdp];"
		      "r1 = r10;"
		      "r1 += -16;"
		      "r2 = 0;"
		      "r3 = 0;"
		      "r4 = 4;"
		      "call %[slice];"
		      "if r0 == 0 goto l0_%=;"
		      "r1 = 0;"
		      "*(u32 *)(r0 + 0) = r1;"
		      "l0_%=:"
		      "r0 = 2;"
		      "exit;"
		      :: [from_xdp] "i"(bpf_dynptr_from_xdp), [slice] "i"(bpf_dynptr_slice)
		      : "memory");
}

/* EXPECT-VERDICT: rejected — no dynptr was made at fp-16 */
/* EXPECT-MSG: Expected an initialized dynptr as arg #0 */
SEC("xdp")
__attribute__((naked)) int xdp_slice_no_dynptr(void)
{
	asm volatile ("r1 = r10;"
		      "r1 += -16;"
		      "r2 = 0;"
		      "r3 = 0;"
		      "r4 = 4;"
		      "call %[slice];"
		      "r0 = 2;"
		      "exit;"
		      :: [slice] "i"(bpf_dynptr_slice) : "memory");
}

/* EXPECT-VERDICT: accepted — a store over the dynptr leaves bpf_dynptr_slice's slice */
SEC("xdp")
__attribute__((naked)) int xdp_slice_after_overwrite(void)
{
	asm volatile ("r2 = 0;"
		      "r3 = r10;"
		      "r3 += -16;"
		      "call %[from_xdp];"
		      "r1 = r10;"
		      "r1 += -16;"
		      "r2 = 0;"
		      "r3 = 0;"
		      "r4 = 4;"
		      "call %[slice];"
		      "if r0 == 0 goto l0_%=;"
		      "r6 = r0;"
		      "r1 = 0;"
		      "*(u64 *)(r10 - 8) = r1;"
		      "r0 = *(u32 *)(r6 + 0);"
		      "l0_%=:"
		      "r0 = 2;"
		      "exit;"
		      :: [from_xdp] "i"(bpf_dynptr_from_xdp), [slice] "i"(bpf_dynptr_slice)
		      : "memory");
}

/* EXPECT-VERDICT: rejected — ... but ends bpf_dynptr_data's */
/* EXPECT-MSG: R6 invalid mem access 'scalar' */
SEC("xdp")
__attribute__((naked)) int xdp_data_after_overwrite(void)
{
	asm volatile ("r2 = 0;"
		      "r3 = r10;"
		      "r3 += -16;"
		      "call %[from_xdp];"
		      "r1 = r10;"
		      "r1 += -16;"
		      "r2 = 0;"
		      "r3 = 4;"
		      "call %[data];"
		      "if r0 == 0 goto l0_%=;"
		      "r6 = r0;"
		      "r1 = 0;"
		      "*(u64 *)(r10 - 8) = r1;"
		      "r0 = *(u32 *)(r6 + 0);"
		      "l0_%=:"
		      "r0 = 2;"
		      "exit;"
		      :: [from_xdp] "i"(bpf_dynptr_from_xdp), [data] "i"(BPF_FUNC_dynptr_data)
		      : "memory");
}

/* EXPECT-VERDICT: rejected — the dynptr's slots are not data */
/* EXPECT-MSG: invalid read from stack off -16+0 size 8 */
SEC("xdp")
__attribute__((naked)) int xdp_dynptr_read(void)
{
	asm volatile ("r2 = 0;"
		      "r3 = r10;"
		      "r3 += -16;"
		      "call %[from_xdp];"
		      "r0 = *(u64 *)(r10 - 16);"
		      "r0 = 2;"
		      "exit;"
		      :: [from_xdp] "i"(bpf_dynptr_from_xdp) : "memory");
}

/* EXPECT-VERDICT: rejected — a helper may not fill the dynptr's slots */
/* EXPECT-MSG: potential write to dynptr at off=-16 disallowed */
SEC("xdp")
__attribute__((naked)) int xdp_helper_writes_dynptr(void)
{
	asm volatile ("r2 = 0;"
		      "r3 = r10;"
		      "r3 += -16;"
		      "call %[from_xdp];"
		      "r1 = r10;"
		      "r1 += -16;"
		      "r2 = 8;"
		      "r3 = 0;"
		      "call %[probe_read];"
		      "r0 = 2;"
		      "exit;"
		      :: [from_xdp] "i"(bpf_dynptr_from_xdp),
			 [probe_read] "i"(BPF_FUNC_probe_read_kernel) : "memory");
}

/* EXPECT-VERDICT: rejected — nor read them as memory */
/* EXPECT-MSG: invalid read from stack R1 off -16+0 size 8 */
SEC("xdp")
__attribute__((naked)) int xdp_helper_reads_dynptr(void)
{
	asm volatile ("r2 = 0;"
		      "r3 = r10;"
		      "r3 += -16;"
		      "call %[from_xdp];"
		      "r1 = r10;"
		      "r1 += -16;"
		      "r2 = 8;"
		      "r3 = 0;"
		      "r4 = 0;"
		      "r5 = 0;"
		      "call %[csum_diff];"
		      "r0 = 2;"
		      "exit;"
		      :: [from_xdp] "i"(bpf_dynptr_from_xdp),
			 [csum_diff] "i"(BPF_FUNC_csum_diff) : "memory");
}

/* EXPECT-VERDICT: rejected — moving the packet head ends the slice */
/* EXPECT-MSG: R7 invalid mem access 'scalar' */
SEC("xdp")
__attribute__((naked)) int xdp_slice_after_adjust(void)
{
	asm volatile ("r6 = r1;"
		      "r2 = 0;"
		      "r3 = r10;"
		      "r3 += -16;"
		      "call %[from_xdp];"
		      "r1 = r10;"
		      "r1 += -16;"
		      "r2 = 0;"
		      "r3 = 0;"
		      "r4 = 4;"
		      "call %[slice];"
		      "if r0 == 0 goto l0_%=;"
		      "r7 = r0;"
		      "r1 = r6;"
		      "r2 = 0;"
		      "call %[adjust_head];"
		      "r0 = *(u32 *)(r7 + 0);"
		      "l0_%=:"
		      "r0 = 2;"
		      "exit;"
		      :: [from_xdp] "i"(bpf_dynptr_from_xdp), [slice] "i"(bpf_dynptr_slice),
			 [adjust_head] "i"(BPF_FUNC_xdp_adjust_head) : "memory");
}

/* EXPECT-VERDICT: accepted — tc reads the IP header through a slice */
SEC("tc")
int tc_read_tos(struct __sk_buff *skb)
{
	struct bpf_dynptr pkt;
	__u8 copy[20] = {};
	__u8 *ip;

	if (bpf_dynptr_from_skb(skb, 0, &pkt))
		return TC_ACT_OK;
	ip = bpf_dynptr_slice(&pkt, 14, copy, sizeof(copy));
	if (!ip)
		return TC_ACT_SHOT;
	return ip[1] ? TC_ACT_SHOT : TC_ACT_OK;
}

/* EXPECT-VERDICT: rejected — this kernel refuses the writable slice (xdp, tc, cgroup_skb) */
/* EXPECT-MSG: bpf_dynptr_slice_rdwr() is not allowed */
SEC("tc")
int tc_write_tos(struct __sk_buff *skb)
{
	struct bpf_dynptr pkt;
	__u8 *ip;

	if (bpf_dynptr_from_skb(skb, 0, &pkt))
		return TC_ACT_OK;
	ip = bpf_dynptr_slice_rdwr(&pkt, 14, NULL, 20);
	if (!ip)
		return TC_ACT_SHOT;
	ip[1] = 0;
	return TC_ACT_OK;
}

/* reads the first 8 bytes twice: bpf_dynptr_data, then a slice */
__attribute__((noinline)) int sum_head(struct bpf_dynptr *p)
{
	__u64 spare = 0, *head;
	int sum = 0;

	head = bpf_dynptr_data(p, 0, sizeof(*head));
	if (head)
		sum += *head & 0xff;
	head = bpf_dynptr_slice(p, 0, &spare, sizeof(spare));
	if (head)
		sum += *head & 0xf;
	return sum;
}

/* EXPECT-VERDICT: accepted — a global function takes the dynptr */
SEC("xdp")
int xdp_global_dynptr(struct xdp_md *ctx)
{
	struct bpf_dynptr pkt;

	bpf_dynptr_from_xdp(ctx, 0, &pkt);
	return sum_head(&pkt) > 3 ? XDP_DROP : XDP_PASS;
}
