/* SPDX-License-Identifier: GPL-2.0-only */
/* memcheck.c: memory accesses: loads, stores, atomics and their checks. */
#ifndef VM_MEMCHECK_H
#define VM_MEMCHECK_H

#include <stdbool.h>

struct bpf_insn;
struct vm_env;
struct vm_reg;
struct vm_scalar;
struct vm_slot;

/* Loads, stores and atomics at env->insn_idx. */
int vm_exec_ldx(struct vm_env *env, const struct bpf_insn *insn);
int vm_exec_st(struct vm_env *env, const struct bpf_insn *insn);
int vm_exec_atomic(struct vm_env *env, const struct bpf_insn *insn);

/*
 * Check an access of size bytes at reg+off. write: store;
 * val: the stored register (NULL for BPF_ST/helpers); dst: register
 * receiving a load (-1 none). Used by loads, stores and helper args.
 */
int vm_check_mem(struct vm_env *env, int regno, int off, int size, bool write,
		 const struct vm_reg *val, int dst, bool sx);

/* check_ptr_alignment of an access at reg + off; strict_once: atomics, MEM_ALIGNED args. */
int vm_check_alignment(struct vm_env *env, const struct vm_reg *reg, int off, int size,
		       bool strict_once);
/* Only the bounds of a stack argument, worded as the access (write or read). */
int vm_check_helper_stack_bounds(struct vm_env *env, int regno, long size, bool write);
/* A helper reads (write=false) or fills size bytes at register regno. */
int vm_check_helper_mem(struct vm_env *env, int regno, long size, bool write,
			bool zero_ok);
/* Stack bookkeeping: record the frame's depth for off (negative). */
void vm_note_stack_depth(struct vm_env *env, int frameno, int off);
/* The stack slot regno points at (const offset), or NULL. */
struct vm_slot *vm_stack_slot(struct vm_env *env, const struct vm_reg *reg,
			      int off, int *spi_out);
/* dst (-1: none) gets an unknown scalar of size bytes, sign-extended if sx. */
void vm_load_unknown(struct vm_env *env, int dst, int size, bool sx);
/* Narrow a loaded scalar to size bytes (coerce_reg_to_size[_sx]). */
void vm_coerce_to_size(struct vm_scalar *s, int size, bool sx);

#endif
