/* SPDX-License-Identifier: GPL-2.0-only */
/* precision.c: precision marking and its propagation on a prune. */
#ifndef VM_PRECISION_H
#define VM_PRECISION_H

struct vm_env;
struct vm_state;

/* Mark a register, a stack slot or a whole state precise (or not). */
int vm_mark_precise(struct vm_env *env, int regno);
int vm_mark_precise_slot(struct vm_env *env, int frame, int spi);
void vm_mark_all_precise(struct vm_env *env, struct vm_state *st);
void vm_mark_all_imprecise(struct vm_state *st);
/* On a prune hit: make cur's chain precise wherever old is. */
int vm_propagate_precision(struct vm_env *env, const struct vm_state *old);

#endif
