/* SPDX-License-Identifier: GPL-2.0-only */
/* insn.c: decoding and encoding checks (the kernel's resolve/check passes). */
#include <errno.h>
#include <stdio.h>
#include "verifier-model/insn.h"

int vm_insn_size(const struct bpf_insn *i)
{
	switch (BPF_SIZE(i->code)) {
	case BPF_B: return 1;
	case BPF_H: return 2;
	case BPF_W: return 4;
	default: return 8;
	}
}

bool vm_insn_is_ldimm64(const struct bpf_insn *i)
{
	return i->code == (BPF_LD | BPF_IMM | BPF_DW);
}

bool vm_insn_is_exit(const struct bpf_insn *i)
{
	return i->code == (BPF_JMP | BPF_EXIT);
}

bool vm_insn_is_call(const struct bpf_insn *i)
{
	return i->code == (BPF_JMP | BPF_CALL);
}

bool vm_insn_is_helper_call(const struct bpf_insn *i)
{
	return vm_insn_is_call(i) && i->src_reg == 0;
}

bool vm_insn_is_kfunc_call(const struct bpf_insn *i)
{
	return vm_insn_is_call(i) && i->src_reg == BPF_PSEUDO_KFUNC_CALL;
}

bool vm_insn_is_pseudo_call(const struct bpf_insn *i)
{
	return vm_insn_is_call(i) && i->src_reg == BPF_PSEUDO_CALL;
}

bool vm_insn_is_may_goto(const struct bpf_insn *i)
{
	return i->code == (BPF_JMP | BPF_JCOND) && i->src_reg == 0;
}

bool vm_insn_is_ja(const struct bpf_insn *i)
{
	return i->code == (BPF_JMP | BPF_JA) || i->code == (BPF_JMP32 | BPF_JA);
}

bool vm_insn_is_cond_jmp(const struct bpf_insn *i)
{
	if (!vm_insn_is_jmp_class(i))
		return false;
	switch (BPF_OP(i->code)) {
	case BPF_JA: case BPF_CALL: case BPF_EXIT: case BPF_JCOND:
		return false;
	default:
		return true;
	}
}

long vm_insn_jmp_target(const struct bpf_insn *i, size_t idx)
{
	/* gotol (JMP32|JA) carries its offset in imm */
	if (i->code == (BPF_JMP32 | BPF_JA))
		return (long)idx + i->imm + 1;
	return (long)idx + i->off + 1;
}

int vm_insn_len(const struct bpf_insn *i)
{
	return vm_insn_is_ldimm64(i) ? 2 : 1;
}

static bool alu_op_ok(uint8_t op)
{
	return op <= BPF_END && op != 0xe0 && op != 0xf0;
}

static int check_jmp(const struct bpf_insn *i, char *err, size_t errlen, size_t idx)
{
	uint8_t op = BPF_OP(i->code);

	if (op == 0xf0 || (op == BPF_JCOND && (i->src_reg || BPF_CLASS(i->code) != BPF_JMP))) {
		snprintf(err, errlen, "unknown opcode %02x", i->code);
		return -EINVAL;
	}
	if ((op == BPF_CALL || op == BPF_EXIT) && BPF_CLASS(i->code) != BPF_JMP) {
		snprintf(err, errlen, "unknown opcode %02x", i->code);
		return -EINVAL;
	}
	if (op == BPF_CALL && i->src_reg > BPF_PSEUDO_KFUNC_CALL) {
		snprintf(err, errlen, "BPF_CALL uses reserved fields");
		return -EINVAL;
	}
	(void)idx;
	return 0;
}

int vm_insn_check(const struct bpf_insn *insns, size_t n, size_t idx,
		  char *err, size_t errlen)
{
	const struct bpf_insn *i = &insns[idx];
	uint8_t cls = BPF_CLASS(i->code);

	if (i->dst_reg >= VM_MAX_REG || i->src_reg >= VM_MAX_REG) {
		if (!(vm_insn_is_ldimm64(i) || vm_insn_is_call(i)) ||
		    i->dst_reg >= VM_MAX_REG) {
			snprintf(err, errlen, "R%d is invalid",
				 i->dst_reg >= VM_MAX_REG ? i->dst_reg : i->src_reg);
			return -EINVAL;
		}
	}
	switch (cls) {
	case BPF_ALU: case BPF_ALU64:
		if (!alu_op_ok(BPF_OP(i->code))) {
			snprintf(err, errlen, "unknown opcode %02x", i->code);
			return -EINVAL;
		}
		if (BPF_OP(i->code) == BPF_END && i->imm != 16 && i->imm != 32 && i->imm != 64) {
			snprintf(err, errlen, "BPF_END uses reserved fields");
			return -EINVAL;
		}
		if (BPF_OP(i->code) == BPF_MOV && BPF_SRC(i->code) == BPF_X && i->off &&
		    i->off != 8 && i->off != 16 && (i->off != 32 || cls == BPF_ALU) &&
		    (i->off != VM_BPF_ADDR_SPACE_CAST || cls == BPF_ALU)) {
			snprintf(err, errlen, "BPF_MOV uses reserved fields");
			return -EINVAL;
		}
		return 0;
	case BPF_LD:
		if (vm_insn_is_ldimm64(i)) {
			if (idx + 1 >= n || insns[idx + 1].code ||
			    insns[idx + 1].dst_reg || insns[idx + 1].src_reg ||
			    insns[idx + 1].off) {
				snprintf(err, errlen, "invalid bpf_ld_imm64 insn");
				return -EINVAL;
			}
			return 0;
		}
		if (BPF_MODE(i->code) == BPF_ABS || BPF_MODE(i->code) == BPF_IND)
			return 0;
		snprintf(err, errlen, "unknown opcode %02x", i->code);
		return -EINVAL;
	case BPF_LDX:
		if (BPF_MODE(i->code) != BPF_MEM && BPF_MODE(i->code) != BPF_MEMSX) {
			snprintf(err, errlen, "unknown opcode %02x", i->code);
			return -EINVAL;
		}
		return 0;
	case BPF_ST: case BPF_STX:
		if (BPF_MODE(i->code) != BPF_MEM &&
		    !(cls == BPF_STX && BPF_MODE(i->code) == BPF_ATOMIC)) {
			snprintf(err, errlen, "unknown opcode %02x", i->code);
			return -EINVAL;
		}
		return 0;
	default:
		return check_jmp(i, err, errlen, idx);
	}
}

int vm_insn_successors(const struct bpf_insn *insns, size_t i, long out[2])
{
	const struct bpf_insn *x = &insns[i];

	if (vm_insn_is_exit(x) || vm_insn_is_second_half(insns, i))
		return 0;
	if (vm_insn_is_ldimm64(x)) {
		out[0] = (long)i + 2;
		return 1;
	}
	if (vm_insn_is_ja(x)) {
		out[0] = vm_insn_jmp_target(x, i);
		return 1;
	}
	out[0] = (long)i + 1;
	if (vm_insn_is_cond_jmp(x) || vm_insn_is_may_goto(x)) {
		out[1] = vm_insn_jmp_target(x, i);
		return 2;
	}
	return 1;
}
