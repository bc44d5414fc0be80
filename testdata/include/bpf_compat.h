/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What testdata needs beyond Debian 12's libbpf 1.1: bpf_for, bpf_repeat,
 * can_loop and the bpf_iter_num kfuncs, each guarded so that a newer
 * libbpf (or vmlinux.h, or UAPI >= 6.4) providing them wins.
 * Include after <bpf/bpf_helpers.h>.
 */
#ifndef BPF_COMPAT_H
#define BPF_COMPAT_H

#if !defined(__VMLINUX_H__)
#include <linux/version.h>
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 4, 0)
struct bpf_iter_num {
	__u64 __opaque[1];
} __attribute__((aligned(8)));
#endif
#endif

extern int bpf_iter_num_new(struct bpf_iter_num *it, int start, int end) __weak __ksym;
extern int *bpf_iter_num_next(struct bpf_iter_num *it) __weak __ksym;
extern void bpf_iter_num_destroy(struct bpf_iter_num *it) __weak __ksym;

#ifndef bpf_for
/* Iterate i over [start, end) with an open-coded num iterator (6.4+). */
#define bpf_for(i, start, end) for (						\
	struct bpf_iter_num ___it __attribute__((aligned(8),			\
						 cleanup(bpf_iter_num_destroy))), \
			    *___p __attribute__((unused)) = (			\
				bpf_iter_num_new(&___it, (start), (end)),	\
				(void)bpf_iter_num_destroy, (void *)0);		\
	({									\
		int *___t = bpf_iter_num_next(&___it);				\
		(___t && ((i) = *___t, (i) >= (start) && (i) < (end)));		\
	});									\
)
#endif

#ifndef bpf_repeat
/* Run the body at most N times; the verifier is not told N (6.4+). */
#define bpf_repeat(N) for (							\
	struct bpf_iter_num ___it __attribute__((aligned(8),			\
						 cleanup(bpf_iter_num_destroy))), \
			    *___p __attribute__((unused)) = (			\
				bpf_iter_num_new(&___it, 0, (N)),		\
				(void)bpf_iter_num_destroy, (void *)0);		\
	bpf_iter_num_next(&___it);						\
)
#endif

#ifndef can_loop
/* True until the runtime's loop budget runs out: may_goto (6.9+). */
#define can_loop							\
	({ __label__ l_break, l_continue;				\
	_Bool ret = 1;							\
	asm volatile goto("may_goto %l[l_break]" :::: l_break);	\
	goto l_continue;						\
	l_break: ret = 0;						\
	l_continue:;							\
	ret;								\
	})
#endif

#endif
