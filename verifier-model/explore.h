/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The model's do_check (explore.c): the walk over a program from its
 * entry state, with checkpoints and pruning. The environment it walks in
 * is env.h's; exec.c, branch.c, memcheck.c, calls.c, subprog.c, entry.c,
 * precision.c, loops.c and trace.c declare their own functions in their
 * own headers.
 */
#ifndef VM_EXPLORE_H
#define VM_EXPLORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "verifier-model/env.h"

/* The previous loop entry at insn: a checkpoint on st's path older than st. */
struct vm_state *vm_find_prev_entry(struct vm_env *env, const struct vm_state *st, int insn);

/* Walk env's program from its entry state to the end (explore.c). 0 or -errno. */
int vm_do_check(struct vm_env *env);

#endif
