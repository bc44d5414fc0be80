// SPDX-License-Identifier: GPL-2.0
/*
 * Reads the kernel forbids that the model once allowed: a value of a map
 * created BPF_F_WRONLY_PROG, the stack slot of a live iterator read as
 * data, and a zero-size helper access whose variable offset may leave the
 * frame (bounds are checked even for zero bytes); and a scalar minus a
 * pointer. EXPECT-VERDICT and EXPECT-MSG are what 6.18 answers
 * (measured); tests/model/btf_args.py holds the model to them and to the
 * live kernel.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__uint(map_flags, BPF_F_WRONLY_PROG);
	__type(key, __u32);
	__type(value, __u64);
} sink SEC(".maps");

/* EXPECT-VERDICT: accepted — the program may write a write-only map */
SEC("tc")
int wronly_write(struct __sk_buff *skb)
{
	__u32 k = 0;
	__u64 *v = bpf_map_lookup_elem(&sink, &k);

	if (v)
		*v = skb->len;
	return 0;
}

/* EXPECT-VERDICT: rejected — but not read it */
/* EXPECT-MSG: read from map forbidden, value_size=8 off=0 size=8 */
SEC("tc")
int wronly_read(struct __sk_buff *skb)
{
	__u32 k = 0;
	__u64 *v = bpf_map_lookup_elem(&sink, &k);

	return v ? (int)*(volatile __u64 *)v : 0;
}

/* EXPECT-VERDICT: rejected — nor hand its value to a helper that reads it */
/* EXPECT-MSG: read from map forbidden, value_size=8 off=0 size=8 */
SEC("tc")
int wronly_helper_read(struct __sk_buff *skb)
{
	__u32 k = 0;
	__u64 *v = bpf_map_lookup_elem(&sink, &k);

	if (v)
		bpf_skb_store_bytes(skb, 0, v, sizeof(*v), 0);
	return 0;
}

/* EXPECT-VERDICT: rejected — the iterator's state read as a number */
/* EXPECT-MSG: invalid read from stack off -8+0 size 8 */
SEC("raw_tp")
__attribute__((naked))
int iter_slot_read(void)
{
	asm volatile ("r1 = r10; r1 += -8; r2 = 0; r3 = 10; call %[iter_new];"
		      "r6 = *(u64 *)(r10 - 8);"
		      "r1 = r10; r1 += -8; call %[iter_destroy];"
		      "r0 = r6; exit;"
		      :: [iter_new] "i"(bpf_iter_num_new), [iter_destroy] "i"(bpf_iter_num_destroy)
		      : "r0", "r1", "r2", "r3", "r6");
}

/* EXPECT-VERDICT: accepted — the same iterator, used through its kfuncs */
SEC("raw_tp")
int iter_used(void *ctx)
{
	int n = 0;

	bpf_repeat(10)
		n++;
	return n;
}

/* EXPECT-VERDICT: rejected — zero bytes at fp-16 + [0, 63]: past the frame */
/* EXPECT-MSG: invalid variable-offset write to stack R1 */
SEC("tc")
__attribute__((naked))
int zero_size_var_off_past_frame(void)
{
	asm volatile ("r0 = 0; *(u64 *)(r10 - 16) = r0; *(u64 *)(r10 - 8) = r0;"
		      "r1 = *(u32 *)(r1 + 0); r1 &= 63; r1 += -16; r1 += r10;"
		      "r2 = 0; r3 = 0; call %[probe_read]; r0 = 0; exit;"
		      :: [probe_read] "i"(BPF_FUNC_probe_read_kernel)
		      : "r0", "r1", "r2", "r3");
}

/* EXPECT-VERDICT: accepted — zero bytes at fp-16 + [0, 8]: inside it */
SEC("tc")
__attribute__((naked))
int zero_size_var_off_inside(void)
{
	asm volatile ("r0 = 0; *(u64 *)(r10 - 16) = r0; *(u64 *)(r10 - 8) = r0;"
		      "r1 = *(u32 *)(r1 + 0); r1 &= 8; r1 += -16; r1 += r10;"
		      "r2 = 0; r3 = 0; call %[probe_read]; r0 = 0; exit;"
		      :: [probe_read] "i"(BPF_FUNC_probe_read_kernel)
		      : "r0", "r1", "r2", "r3");
}

/* EXPECT-VERDICT: rejected — a scalar minus the context pointer */
/* EXPECT-MSG: R0 tried to subtract pointer from scalar */
SEC("tc")
__attribute__((naked))
int scalar_minus_pointer(void)
{
	asm volatile ("r0 = 64; r0 -= r1; exit;" ::: "r0");
}

/* EXPECT-VERDICT: accepted — a pointer minus a pointer is a number */
SEC("tc")
__attribute__((naked))
int pointer_minus_pointer(void)
{
	asm volatile ("r0 = r1; r0 -= r1; r0 = 0; exit;" ::: "r0");
}
