// SPDX-License-Identifier: GPL-2.0-only
/*
 * The static liveness pre-pass on hand-written programs: which stack slots
 * a helper call keeps alive decides what pruning may ignore. Releases before
 * 6.18 use it for the stack (6.18's own liveness is held to the kernel by
 * testdata/verifier/model_liveness.bpf.c); vm_live_slots_of's byte ranges.
 */
#include <criterion/criterion.h>
#include <linux/bpf.h>
#include "verifier-model/cfg.h"
#include "verifier-model/release.h"
#include "verifier-model/stack_live.h"

#define MOV64_REG(d, s) { .code = BPF_ALU64 | BPF_MOV | BPF_X, .dst_reg = d, .src_reg = s }
#define MOV64_IMM(d, k) { .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = d, .imm = k }
#define MOV32_REG(d, s) { .code = BPF_ALU | BPF_MOV | BPF_X, .dst_reg = d, .src_reg = s }
#define ADD64_IMM(d, k) { .code = BPF_ALU64 | BPF_ADD | BPF_K, .dst_reg = d, .imm = k }
#define CALL(id)        { .code = BPF_JMP | BPF_CALL, .imm = id }
#define EXIT()          { .code = BPF_JMP | BPF_EXIT }
#define SPI(off)        (1ull << ((-(off) - 1) / 8))

static uint64_t live_stack_at(struct bpf_insn *insns, size_t n, size_t at)
{
	struct vm_prog p = { .insns = insns, .n_insns = n };
	struct vm_cfg c;
	char err[128];
	uint64_t live;

	cr_assert_eq(vm_cfg__build(&p, NULL, VM_KVER(6, 1), &c, err, sizeof(err)), 0, "%s", err);
	live = c.live_stack[at];
	vm_cfg__free(&c);
	return live;
}

/* r2 held fp-16, then a constant: the call reads fp-8 only (probe_read_kernel(fp-8, 8, r3)). */
Test(liveness, constant_replaces_stack_pointer)
{
	struct bpf_insn prog[] = {
		MOV64_REG(2, 10), ADD64_IMM(2, -16),
		MOV64_IMM(2, 8),
		MOV64_REG(1, 10), ADD64_IMM(1, -8),
		CALL(BPF_FUNC_probe_read_kernel),
		MOV64_IMM(0, 0), EXIT(),
	};
	uint64_t live = live_stack_at(prog, sizeof(prog) / sizeof(prog[0]), 5);

	cr_expect(live & SPI(-8), "fp-8 is passed to the call: live");
	cr_expect(!(live & SPI(-16)), "r2 is the constant 8 at the call, not fp-16: dead");
	cr_expect(!(live & SPI(-24)), "nothing points at fp-24: dead");
}

/* A 32-bit copy of a stack pointer is a scalar, not a pointer into the stack. */
Test(liveness, mov32_is_not_a_stack_pointer)
{
	struct bpf_insn prog[] = {
		MOV64_REG(2, 10), ADD64_IMM(2, -32),
		MOV32_REG(2, 2),
		MOV64_REG(1, 10), ADD64_IMM(1, -8),
		CALL(BPF_FUNC_probe_read_kernel),
		MOV64_IMM(0, 0), EXIT(),
	};
	uint64_t live = live_stack_at(prog, sizeof(prog) / sizeof(prog[0]), 5);

	cr_expect(!(live & SPI(-32)), "w2 = w2 drops the pointer: fp-32 dead");
}

/* A stack pointer still in an argument register keeps its slots alive. */
Test(liveness, stack_pointer_argument_is_live)
{
	struct bpf_insn prog[] = {
		MOV64_REG(3, 10), ADD64_IMM(3, -16),
		MOV64_REG(1, 10), ADD64_IMM(1, -8),
		MOV64_IMM(2, 8),
		CALL(BPF_FUNC_probe_read_kernel),
		MOV64_IMM(0, 0), EXIT(),
	};
	uint64_t live = live_stack_at(prog, sizeof(prog) / sizeof(prog[0]), 5);

	cr_expect(live & SPI(-16), "r3 = fp-16 goes to the call: live");
}

/* Bytes [lo, hi) below fp name the slots they touch (bit spi = fp-8*(spi+1)). */
Test(liveness, slots_of_byte_ranges)
{
	cr_expect_eq(vm_live_slots_of(-8, 0), SPI(-8));
	cr_expect_eq(vm_live_slots_of(-12, -8), SPI(-16), "4 bytes at fp-12: the fp-16 slot");
	cr_expect_eq(vm_live_slots_of(-48, -32), SPI(-48) | SPI(-40));
	cr_expect_eq(vm_live_slots_of(-20, -4), SPI(-24) | SPI(-16) | SPI(-8));
	cr_expect_eq(vm_live_slots_of(-16, -16), 0, "no bytes, no slots");
}
