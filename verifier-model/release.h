/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What each kernel release's verifier has, for the model imitating a
 * release other than the newest (vm_options.kernel). One table, queried
 * by feature; the exploration, call and kfunc code ask it instead of
 * comparing version numbers themselves.
 */
#ifndef VM_RELEASE_H
#define VM_RELEASE_H

#include <stdbool.h>

#include "common/kernel_release.h"

/* KVER-style release number, as in vm_options.kernel. */
#define VM_KVER(a, b) KVER(a, b)

enum vm_feature {
	VM_FEAT_CKPT_IMPRECISE,   /* new checkpoints forget precision marks */
	VM_FEAT_PRECISE_SUBPROGS, /* backtracking crosses calls, exits, callbacks */
	VM_FEAT_PRECISE_CUR_CLEAN,/* the current state gets no precision marks */
	VM_FEAT_PRECISE_STACK_PTRS,/* spills through any stack pointer carry precision */
	VM_FEAT_LEAN_PRUNE,
	VM_FEAT_JMP_HIST_CKPT,    /* a long jump history forces a checkpoint */       /* no prune point after an unconditional jump */
	VM_FEAT_ITER_NUM,         /* bpf_iter_num_{new,next,destroy} kfuncs */
	VM_FEAT_RCU_KFUNCS,       /* bpf_rcu_read_{lock,unlock} kfuncs */
	VM_FEAT_ISA_V4,           /* sign-extending loads and moves, sdiv/smod, bswap, gotol */
	VM_FEAT_CB_CONVERGE,      /* callbacks re-verified until their state converges */
	VM_FEAT_ARG_TAGS,         /* __arg_ctx, __arg_nonnull... on global functions */
	VM_FEAT_MAY_GOTO,         /* the may_goto insn (can_loop, cond_break) */
	VM_FEAT_TIMED_MAY_GOTO,   /* may_goto's counter takes two stack slots (x86-64) */
	VM_FEAT_PRIVATE_STACK,    /* x86-64 private stacks (perf_event on 6.18) */
	VM_FEAT_PKT_CHANGE_CALLS, /* global functions that change pkt data (or tail call) drop pkt pointers */
	VM_FEAT_CONST_KEY_NONNULL,/* constant in-range array key: lookup is not NULL */
	VM_FEAT_STACK_LIVENESS,   /* stack liveness from the reads paths meet (liveness.c) */
	VM_FEAT_LIVE_REGS_DFA,    /* register liveness by dataflow: a subprogram call reads r1-r5 */
	VM_FEAT_MAP_PTR_NONNULL,  /* a map pointer compared with 0 decides the branch */
	VM_FEAT_LINKED_REGS,      /* branches on linked scalars kept in the insn history */
	VM_FEAT_FASTCALL,         /* bpf_fastcall spill/fill stack not counted (fastcall.c) */
	VM_FEAT_FASTCALL_KFUNCS,  /* ... around bpf_cast_to_kern_ctx and bpf_rdonly_cast too */
	VM_FEAT__COUNT
};

/* Does release kver (0: the newest the model knows, 6.18) have f? */
bool vm_release_has(unsigned kver, enum vm_feature f);
/* The feature's name as the table spells it (for traces and tests). */
const char *vm_release_feature_name(enum vm_feature f);
/*
 * Is kfunc name in release kver? True for kfuncs the table does not
 * date (the model's own tables decide those).
 */
bool vm_release_has_kfunc(unsigned kver, const char *name);
/* True when the model imitates the running kernel (kver 0 or its release). */
bool vm_release_is_host(unsigned kver);
/*
 * The CPUs of the qemu VM another release runs in (qemu/runner.c's -smp):
 * its nr_cpu_ids, which bounds bpf_get_smp_processor_id there.
 */
#define VM_GUEST_NR_CPUS 1

#endif
