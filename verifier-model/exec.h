/* SPDX-License-Identifier: GPL-2.0-only */
/* exec.c: ALU, immediate-load and legacy packet-load instructions. */
#ifndef VM_EXEC_H
#define VM_EXEC_H

#include <stdbool.h>

struct bpf_insn;
struct vm_env;
struct vm_reg;

/* Simulate ALU insns and 64-bit immediate loads at env->insn_idx. */
int vm_exec_alu(struct vm_env *env, const struct bpf_insn *insn);
int vm_exec_ld_imm64(struct vm_env *env, const struct bpf_insn *insn);
/* LD_ABS/LD_IND at env->insn_idx. */
int vm_exec_ld_abs(struct vm_env *env, const struct bpf_insn *insn);

/* assign_scalar_id_before_mov: a scalar copied (moved or spilled) gets an id to share. */
void vm_assign_id_before_mov(struct vm_env *env, struct vm_reg *src);
/* The kernel's prog->aux->arena: an ld_imm64 of the program names an arena map. */
bool vm_prog_has_arena(struct vm_env *env);

#endif
