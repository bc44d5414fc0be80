// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: reset_counters insns=53
/* No bpf_compat.h: the fix needs bpf_for, so bpf-fix adds its
 * definition once after the last #include (BPF_NEED_BPF_FOR). */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

/* Not in this unit's headers (vmlinux.h or linux/bpf.h before 6.4):
 * delete this once they define it. */
#ifndef BPF_FIX_STRUCT_BPF_ITER_NUM
#define BPF_FIX_STRUCT_BPF_ITER_NUM
struct bpf_iter_num {
	__u64 __opaque[1];
} __attribute__((aligned(8)));
#endif
extern int bpf_iter_num_new(struct bpf_iter_num *it, int start, int end) __weak __ksym;
extern int *bpf_iter_num_next(struct bpf_iter_num *it) __weak __ksym;
extern void bpf_iter_num_destroy(struct bpf_iter_num *it) __weak __ksym;
#ifndef bpf_for
#define bpf_for(i, start, end) for ( \
	struct bpf_iter_num ___it __attribute__((aligned(8), cleanup(bpf_iter_num_destroy))), \
		*___p __attribute__((unused)) = (bpf_iter_num_new(&___it, (start), (end)), \
			(void)bpf_iter_num_destroy, (void *)0); \
	({ int *___t = bpf_iter_num_next(&___it); \
	   (___t && ((i) = *___t, (i) >= (start) && (i) < (end))); }); \
	)
#endif

char LICENSE[] SEC("license") = "GPL";

__u32 counters[256];

SEC("xdp")
int reset_counters(struct xdp_md *ctx)
{
	int i;
	bpf_for(i, 0, 256) // EXPECT: bounded-loop "256 iterations"
		counters[i] = 0;
	return XDP_PASS;
}
