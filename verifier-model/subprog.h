/* SPDX-License-Identifier: GPL-2.0-only */
/* subprog.c: returns, subprogram and callback calls, may_goto. */
#ifndef VM_SUBPROG_H
#define VM_SUBPROG_H

struct bpf_insn;
struct vm_env;
struct vm_reg;
struct vm_state;

/*
 * Returns, may_goto and subprogram calls. Return 0 to continue at
 * env->insn_idx, 1 when the path ended, negative on rejection.
 */
int vm_exec_exit(struct vm_env *env, const struct bpf_insn *insn);
int vm_exec_may_goto(struct vm_env *env, const struct bpf_insn *insn);

/* Push a callback call: a pending state entering subprog at the call insn. */
int vm_push_callback(struct vm_env *env, int subprog, int kind);
/*
 * Before 6.8: enter the callback once, now, in the current state (args:
 * the caller's registers before the call). Returns 1 (insn_idx is set).
 */
int vm_enter_callback(struct vm_env *env, int subprog, int helper, const struct vm_reg *args);
/* Static or global subprogram call at env->insn_idx. */
int vm_exec_subprog_call(struct vm_env *env, const struct bpf_insn *insn);

/* Widen imprecise scalars of cur that differ from old (loop entries). */
void vm_widen_imprecise(struct vm_env *env, const struct vm_state *old, struct vm_state *cur);

#endif
