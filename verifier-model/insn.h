/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Instruction decoding for the model: classes, operands, jump targets and
 * the few encodings newer than Debian's UAPI headers (may_goto, memsx,
 * gotol, sdiv/smod, movsx).
 */
#ifndef VM_INSN_H
#define VM_INSN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <linux/bpf.h>

#ifndef BPF_JCOND
#define BPF_JCOND 0xe0          /* may_goto lives here (src_reg 0) */
#endif
#ifndef BPF_MEMSX
#define BPF_MEMSX 0x80          /* sign-extending load */
#endif
#define VM_MAX_REG 11           /* r0..r10 */
/* 6.9's addr_space_cast: off of BPF_ALU64|BPF_MOV|BPF_X, imm (dst_as << 16) | src_as */
#define VM_BPF_ADDR_SPACE_CAST 1
#define VM_REG_FP 10

static inline uint8_t vm_insn_class(const struct bpf_insn *i) { return BPF_CLASS(i->code); }
static inline uint8_t vm_insn_op(const struct bpf_insn *i) { return BPF_OP(i->code); }
static inline bool vm_insn_is_jmp_class(const struct bpf_insn *i)
{
	return BPF_CLASS(i->code) == BPF_JMP || BPF_CLASS(i->code) == BPF_JMP32;
}
/* Bytes moved by a load/store of this insn (1, 2, 4, 8). */
int vm_insn_size(const struct bpf_insn *i);
bool vm_insn_is_ldimm64(const struct bpf_insn *i);
bool vm_insn_is_exit(const struct bpf_insn *i);
bool vm_insn_is_call(const struct bpf_insn *i);
bool vm_insn_is_helper_call(const struct bpf_insn *i);
bool vm_insn_is_kfunc_call(const struct bpf_insn *i);
bool vm_insn_is_pseudo_call(const struct bpf_insn *i);
bool vm_insn_is_may_goto(const struct bpf_insn *i);
/* ja / gotol (unconditional). */
bool vm_insn_is_ja(const struct bpf_insn *i);
/* jeq..jsle, jset (not ja, call, exit, may_goto). */
bool vm_insn_is_cond_jmp(const struct bpf_insn *i);
/* Taken-branch target of a ja/cond/may_goto at idx (may be out of range). */
long vm_insn_jmp_target(const struct bpf_insn *i, size_t idx);
/* True if insns[i] is the second half of an ld_imm64. */
static inline bool vm_insn_is_second_half(const struct bpf_insn *insns, size_t i)
{
	return i > 0 && insns[i - 1].code == (BPF_LD | BPF_IMM | BPF_DW);
}
/*
 * Successors of insn i within its subprogram (calls fall through, exit has
 * none), the kernel's bpf_insn_successors: their count, indexes in out.
 */
int vm_insn_successors(const struct bpf_insn *insns, size_t i, long out[2]);
/* Instructions taken by this insn (2 for ld_imm64). */
int vm_insn_len(const struct bpf_insn *i);
/*
 * Check the encoding of insn idx of a program of n insns: known opcode,
 * register numbers, ld_imm64 pair. 0 or -EINVAL with the kernel's words.
 */
int vm_insn_check(const struct bpf_insn *insns, size_t n, size_t idx,
		  char *err, size_t errlen);

#endif
