/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dynptr.h: struct bpf_dynptr on the stack (two STACK_DYNPTR slots) and
 * as a global function's argument (CONST_PTR_TO_DYNPTR): the skb and xdp
 * constructors, bpf_dynptr_slice(_rdwr), _adjust, _is_null, _is_rdonly,
 * _size and _clone, the bpf_dynptr_data helper (the kernel's
 * process_dynptr_func, mark_stack_slots_dynptr and the slice returns of
 * check_kfunc_call), and the dynptr arguments of the other helpers
 * (from_mem, read, write, the ringbuf records: reserve, submit, discard).
 * Other dynptr kfuncs stay out of the model's tables ("model limit").
 */
#ifndef VM_DYNPTR_H
#define VM_DYNPTR_H

#include <stdbool.h>
#include <stdint.h>
#include "verifier-model/helpers.h"

struct vm_env;
struct vm_reg;
struct vm_frame;

/* The dynptr kinds the model tracks (enum bpf_dynptr_type) */
enum { VM_DYNPTR_LOCAL = 1, VM_DYNPTR_RINGBUF = 2, VM_DYNPTR_SKB = 3, VM_DYNPTR_XDP = 4 };

/* A call of a VM_FN_DYNPTR kfunc or helper: 0, -EACCES (rejected) or the limit. */
int vm_dynptr_call(struct vm_env *env, const struct vm_func_sig *sig);
/* A global function's struct bpf_dynptr * argument in regno: valid? (rejects if not) */
int vm_dynptr_global_arg(struct vm_env *env, int regno);
/* r as a global function sees its struct bpf_dynptr * argument */
void vm_dynptr_mark_arg(struct vm_env *env, struct vm_reg *r);
/*
 * A helper's memory argument regno over [lo, hi) of frame f: no byte may
 * be a dynptr's (check_stack_range_initialized). 0 or -EACCES.
 */
int vm_dynptr_check_bytes(struct vm_env *env, int regno, const struct vm_frame *f, int64_t lo,
			  int64_t hi, bool write);
/*
 * A write over slot spi of f: the dynptr there (if any) is gone, with its
 * slices. 0, or -EACCES for a ringbuf record's (it must be released).
 */
int vm_dynptr_destroy(struct vm_env *env, struct vm_frame *f, int spi);
/*
 * A helper's dynptr argument regno of kind a (VM_ARG_DYNPTR*): 0 or
 * -EACCES. VM_ARG_DYNPTR_RELEASE releases the ringbuf record there.
 */
int vm_dynptr_helper_arg(struct vm_env *env, int regno, enum vm_arg a);
/*
 * After a helper's arguments, before its return (check_helper_call's
 * switch): bpf_dynptr_from_mem's memory, and whether the call changes
 * packet data (bpf_dynptr_write of an skb dynptr). 0 or -EACCES.
 */
int vm_dynptr_helper_done(struct vm_env *env, int id, bool *changes_data);

#endif
