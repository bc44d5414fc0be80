// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: count_ports insns=142
/* A project that includes its own vmlinux.h, older than struct
 * bpf_iter_num (6.4), with Debian's libbpf 1.1: the fix adds the struct
 * and the kfunc declarations to this file because the unit lacks them
 * (whatever the header versions say), and leaves vmlinux.h alone. */
#include "project_vmlinux/vmlinux.h"
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

#define N_PORTS 512

__u16 ports[N_PORTS];
__u32 hits;

SEC("xdp")
int count_ports(struct xdp_md *ctx)
{
	__u32 n = 0;

	int i;
	bpf_for(i, 0, N_PORTS) { // EXPECT: bounded-loop "512 iterations"
		if (ports[i] == 443)
			n++;
	}
	hits = n;
	return XDP_PASS;
}
