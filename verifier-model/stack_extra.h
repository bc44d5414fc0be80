/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * stack_extra.h: the stack the kernel adds to an accepted program after
 * check_max_stack_depth, which its "stack depth" line reports: three
 * slots for each subprogram with a bpf_loop call it inlines
 * (optimize_bpf_loop) and the may_goto counter (do_misc_fixups: two
 * slots since 6.15's timed may_goto on x86-64, one before), and without
 * the subprograms it removed as dead code.
 */
#ifndef VM_STACK_EXTRA_H
#define VM_STACK_EXTRA_H

#include <stdbool.h>
#include <stddef.h>

struct vm_env;

/*
 * update_loop_inline_state at a bpf_loop call with callback subprogram
 * cb: R4 (flags) known zero marks it precise. 0 or -EACCES / -ENOMEM.
 */
int vm_stack_extra_loop_call(struct vm_env *env, int cb);
/* A may_goto insn was verified at env->insn_idx (dead ones are removed). */
void vm_stack_extra_may_goto(struct vm_env *env);
/* Subprogram subprog is verified (called, a callback, a global function run). */
void vm_stack_extra_enter(struct vm_env *env, int subprog);
/*
 * Never verified: the kernel's opt_remove_dead_code drops it, and with it
 * its place in the depth line, of a privileged load.
 */
bool vm_stack_extra_dead(const struct vm_env *env, size_t subprog);
/* Add the extra bytes to env->stack_depth, after the chain check passed. */
void vm_stack_extra_apply(struct vm_env *env);
void vm_stack_extra_free(struct vm_env *env);

#endif
