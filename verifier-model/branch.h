/* SPDX-License-Identifier: GPL-2.0-only */
/* branch.c: conditional jumps and what a branch teaches (linked scalars, NULL checks). */
#ifndef VM_BRANCH_H
#define VM_BRANCH_H

#include <stdbool.h>
#include <stdint.h>

struct bpf_insn;
struct vm_env;
struct vm_reg;
struct vm_state;

/* A conditional jump at env->insn_idx: both sides, or the one the values decide. */
int vm_exec_cond_jmp(struct vm_env *env, const struct bpf_insn *insn);

/* Linked scalars: copy a refined value to every register sharing its id. */
void vm_sync_linked(struct vm_env *env, struct vm_state *st, const struct vm_reg *reg);
/* Null-check outcome for every pointer sharing id: null → scalar 0. */
void vm_mark_ptr_null(const struct vm_env *env, struct vm_state *st, uint32_t id, bool is_null);

#endif
