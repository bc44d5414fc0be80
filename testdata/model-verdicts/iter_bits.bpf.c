// SPDX-License-Identifier: GPL-2.0
/*
 * bpf_iter_bits: an open-coded iterator of 16 bytes (two stack slots)
 * over the set bits of some u64 words. The model once stopped at its
 * kfuncs ("not in the model's table"). EXPECT-VERDICT and EXPECT-MSG are
 * what 6.18 answers (measured); tests/model/btf_args.py holds the model to
 * them and to the live kernel.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct bpf_iter_bits {
	__u64 __opaque[2];
} __attribute__((aligned(8)));

extern int bpf_iter_bits_new(struct bpf_iter_bits *it, const __u64 *unsafe_ptr__ign,
			     __u32 nr_bits) __ksym;
extern int *bpf_iter_bits_next(struct bpf_iter_bits *it) __ksym;
extern void bpf_iter_bits_destroy(struct bpf_iter_bits *it) __ksym;

__u64 mask[2] = { 0x8421, 0x11 };

/* EXPECT-VERDICT: accepted — the set bits of two words, summed */
SEC("syscall")
int sum_set_bits(void *ctx)
{
	struct bpf_iter_bits it;
	int *bit, sum = 0;

	bpf_iter_bits_new(&it, mask, 128);
	while ((bit = bpf_iter_bits_next(&it)))
		sum += *bit;
	bpf_iter_bits_destroy(&it);
	return sum;
}

/* EXPECT-VERDICT: rejected — the iterator is never destroyed */
/* EXPECT-MSG: would lead to reference leak */
SEC("syscall")
int bits_left_open(void *ctx)
{
	struct bpf_iter_bits it;
	int *bit;

	bpf_iter_bits_new(&it, mask, 64);
	bit = bpf_iter_bits_next(&it);
	return bit ? *bit : 0;
}

/* EXPECT-VERDICT: rejected — next on zeroed stack, never made an iterator */
/* EXPECT-MSG: expected an initialized iter_bits as arg #0 */
SEC("syscall")
int bits_never_made(void *ctx)
{
	struct bpf_iter_bits it = {};
	int *bit = bpf_iter_bits_next(&it);

	return bit ? *bit : 0;
}
