/* SPDX-License-Identifier: GPL-2.0-only */
/* calls.c: helper and kfunc calls, references. */
#ifndef VM_CALLS_H
#define VM_CALLS_H

#include <stdint.h>

struct bpf_insn;
struct vm_env;
struct vm_state;

/*
 * Helper and kfunc calls. Return 0 to continue at env->insn_idx, 1 when
 * the path ended, negative on rejection.
 */
int vm_exec_call(struct vm_env *env, const struct bpf_insn *insn);
/* Acquire a reference (ringbuf record, iterator); its id, or 0 if full. */
uint32_t vm_acquire_ref(struct vm_env *env, int insn);
/* Release reference ref: 0, or reject. */
int vm_release_ref(struct vm_env *env, uint32_t ref);
/* A call's r1-r5 are no longer readable. */
void vm_clobber_caller_saved(struct vm_env *env);
/* Invalidate packet pointers after a packet-changing helper. */
void vm_clear_pkt_pointers(struct vm_state *st);

#endif
