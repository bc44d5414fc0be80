// SPDX-License-Identifier: GPL-2.0
/*
 * The element pointer an iterator's next returns belongs to the iterator
 * (its reference): once the iterator is destroyed, the pointer is an
 * unknown scalar, so reading through it is refused and testing it for
 * NULL is no longer decided. EXPECT-VERDICT and EXPECT-MSG are what
 * 6.18.44-fc-v1272 answers (measured); tests/model/btf_args.py holds the
 * model to them and to the live kernel's processed count.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* EXPECT-VERDICT: rejected — the element is read after its iterator is gone */
/* EXPECT-MSG: R6 invalid mem access 'scalar' */
SEC("raw_tp")
__attribute__((naked)) int elem_after_destroy(void)
{
	asm volatile ("r1 = r10;"
		      "r1 += -8;"
		      "r2 = 0;"
		      "r3 = 3;"
		      "call %[iter_new];"
		      "r1 = r10;"
		      "r1 += -8;"
		      "call %[iter_next];"
		      "r6 = r0;"
		      "r1 = r10;"
		      "r1 += -8;"
		      "call %[iter_destroy];"
		      "if r6 == 0 goto l0_%=;"
		      "r0 = *(u32 *)(r6 + 0);"
		      "l0_%=:"
		      "r0 = 0;"
		      "exit;"
		      :: [iter_new] "i"(bpf_iter_num_new), [iter_next] "i"(bpf_iter_num_next),
			 [iter_destroy] "i"(bpf_iter_num_destroy) : "memory");
}

/* EXPECT-VERDICT: accepted — both sides of the late NULL test are walked */
SEC("raw_tp")
__attribute__((naked)) int elem_tested_after_destroy(void)
{
	asm volatile ("r1 = r10;"
		      "r1 += -8;"
		      "r2 = 0;"
		      "r3 = 3;"
		      "call %[iter_new];"
		      "r1 = r10;"
		      "r1 += -8;"
		      "call %[iter_next];"
		      "r6 = r0;"
		      "r1 = r10;"
		      "r1 += -8;"
		      "call %[iter_destroy];"
		      "r0 = 0;"
		      "if r6 == 0 goto l0_%=;"
		      "r0 = 1;"
		      "l0_%=:"
		      "exit;"
		      :: [iter_new] "i"(bpf_iter_num_new), [iter_next] "i"(bpf_iter_num_next),
			 [iter_destroy] "i"(bpf_iter_num_destroy) : "memory");
}

/* EXPECT-VERDICT: accepted — the elements read while the iterator lives */
SEC("raw_tp")
int elem_sum(void *ctx)
{
	struct bpf_iter_num it;
	int sum = 0, *v;

	bpf_iter_num_new(&it, 0, 3);
	while ((v = bpf_iter_num_next(&it)))
		sum += *v;
	bpf_iter_num_destroy(&it);
	return sum;
}
