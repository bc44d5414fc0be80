/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Stack-slot liveness as 6.18 keeps it (kernel/bpf/liveness.c): the reads
 * and full-slot writes each path meets are recorded per call chain and
 * instruction while the program is explored, solved backwards into "live
 * before" sets when a path or a subprogram ends, and an explored state is
 * cleaned once (its dead slots forgotten) from what was known then.
 */
#ifndef VM_STACK_LIVE_H
#define VM_STACK_LIVE_H

#include <stdbool.h>
#include <stdint.h>

struct vm_env;
struct vm_state;

/* Does the release explored by env keep stack liveness this way (6.18+)? */
bool vm_live_enabled(const struct vm_env *env);
/* Set up / release the per-run tables. 0 or -ENOMEM. */
int vm_live_init(struct vm_env *env);
void vm_live_free(struct vm_env *env);

/* Slot bits (bit spi = fp-8*(spi+1)) of the stack bytes [lo, hi). */
uint64_t vm_live_slots_of(int64_t lo, int64_t hi);
/* The current insn reads the slots in mask of frame frameno (bpf_mark_stack_read). */
int vm_live_read(struct vm_env *env, int frameno, uint64_t mask);
/* The current insn writes all 8 bytes of the slots in mask (bpf_mark_stack_write). */
void vm_live_write(struct vm_env *env, int frameno, uint64_t mask);
/* Around each simulated insn: start and commit its write marks. */
int vm_live_begin_insn(struct vm_env *env, int insn);
int vm_live_commit(struct vm_env *env);
/* A path or a subprogram ends: solve the current call chains (bpf_update_live_stack). */
int vm_live_update(struct vm_env *env);
/* Clean explored state st: record which of its slots are alive (clean_verifier_state). */
int vm_live_clean(struct vm_env *env, struct vm_state *st);

#endif
