/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Kernel releases, as facts every library may read: header only, no code.
 */
#ifndef BPF_COMMON_KERNEL_RELEASE_H
#define BPF_COMMON_KERNEL_RELEASE_H

/* Kernel versions are compared as KVER(major, minor). */
#define KVER(maj, min) ((unsigned)(maj) * 256u + (unsigned)(min))

/*
 * The first release of each kernel feature: the one table the rules,
 * rewrite/ and the verifier model read (dated by the merge window of the
 * patch set; the model's verifier-behaviour dates are in
 * verifier-model/release.c, on top of these).
 */
#define KVER_BPF_CALLS      KVER(4, 16) /* BPF-to-BPF calls */
#define KVER_BOUNDED_LOOPS  KVER(5, 3)  /* the verifier walks bounded loops */
#define KVER_PROBE_READ_KERNEL KVER(5, 5) /* bpf_probe_read_kernel/_user, CO-RE reads */
#define KVER_GLOBAL_FUNCS   KVER(5, 6)  /* global functions verified on their own */
#define KVER_RINGBUF        KVER(5, 8)  /* BPF_MAP_TYPE_RINGBUF */
#define KVER_CURRENT_TASK_BTF KVER(5, 11) /* bpf_get_current_task_btf() */
#define KVER_ITER_NUM       KVER(6, 4)  /* bpf_iter_num_* kfuncs: bpf_for, bpf_repeat (Apr 2023) */
#define KVER_ARG_TAGS       KVER(6, 8)  /* global-function argument tags (arg:ctx, Jan 2024) */
#define KVER_MAY_GOTO       KVER(6, 9)  /* may_goto, behind can_loop (Mar 2024) */
#define KVER_PRIVATE_STACK  KVER(6, 13) /* private stacks for tracing programs */

#endif
