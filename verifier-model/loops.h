/* SPDX-License-Identifier: GPL-2.0-only */
/* loops.c: SCC visits of loops, as 6.17+ tracks them. */
#ifndef VM_LOOPS_H
#define VM_LOOPS_H

#include <stdbool.h>

struct vm_env;
struct vm_state;

/* Loops: SCC visits, as 6.17+ tracks them. */
void vm_scc_enter(struct vm_env *env, struct vm_state *st);
/* A checkpoint's last descendant finished: leave its SCC visit. */
void vm_scc_exit(struct vm_env *env, struct vm_state *st);
/* Old's marks may be incomplete (its loop is still being explored). */
bool vm_scc_range_within(struct vm_env *env, const struct vm_state *old);
/* Remember cur as a backedge of a loop hit against old. */
int vm_scc_add_backedge(struct vm_env *env, const struct vm_state *old);
int vm_scc_init(struct vm_env *env);
/* Drop all visits and backedges (between runs). */
void vm_scc_reset(struct vm_env *env);
void vm_scc_free(struct vm_env *env);

#endif
