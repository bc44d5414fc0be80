/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * liveness.c: static backward liveness of registers (the kernel's
 * compute_live_registers) and, for releases before 6.18, of the own frame's
 * stack slots (standing in for their read marks; 6.18's are stack_live.c),
 * solved to a fixpoint per subprogram.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "verifier-model/cfg.h"
#include "verifier-model/helpers.h"
#include "verifier-model/insn.h"
#include "verifier-model/liveness.h"
#include "verifier-model/release.h"

enum { FP_NONE, FP_OFF, FP_ANY };
struct fpval { int8_t kind; int32_t off; };
struct fpregs { struct fpval r[VM_MAX_REG]; };

/* The arguments a call reads: a helper's or kfunc's prototype, a subprogram's BTF. */
static int call_nargs(const struct vm_prog *p, const struct vm_cfg *c, size_t i)
{
	const struct bpf_insn *x = &p->insns[i];
	const struct vm_func_sig *s = NULL;
	int n = 0;

	if (vm_insn_is_pseudo_call(x)) {
		long t = (long)i + x->imm + 1;

		return (t >= 0 && (size_t)t < c->n) ? c->nargs[c->subprog[t]] : 5;
	}
	if (vm_insn_is_helper_call(x))
		s = vm_helper_sig(x->imm);
	else if (p->refs && p->refs[i].kind == VM_REF_KFUNC)
		s = vm_kfunc_sig(p->refs[i].name);
	if (!s)
		return 5;
	while (n < 5 && s->args[n] != VM_ARG_NONE)
		n++;
	return n;
}

/*
 * The registers a call uses, as register liveness sees them. Since 6.15's
 * compute_live_registers, a call to a subprogram reads r1-r5 whatever its
 * prototype (get_call_summary knows helpers and kfuncs only); before, the
 * read marks came from what the callee read, which its BTF arguments
 * stand in for.
 */
static uint16_t call_reg_uses(const struct vm_prog *p, const struct vm_cfg *c, size_t i)
{
	int n = call_nargs(p, c, i);

	if (vm_insn_is_pseudo_call(&p->insns[i]) && vm_release_has(c->kver, VM_FEAT_LIVE_REGS_DFA))
		n = 5;
	return (uint16_t)(((1u << n) - 1) << 1);
}

static void reg_use_def(const struct vm_prog *p, const struct vm_cfg *c, size_t i,
			uint16_t *use, uint16_t *def)
{
	const struct bpf_insn *x = &p->insns[i];
	uint16_t d = 1u << x->dst_reg, s = 1u << (x->src_reg & 15);
	uint8_t cls = BPF_CLASS(x->code);

	*use = *def = 0;
	if (vm_insn_is_second_half(p->insns, i))
		return;
	switch (cls) {
	case BPF_ALU: case BPF_ALU64:
		*def = d;
		if (BPF_OP(x->code) != BPF_MOV)
			*use |= d;
		if (BPF_SRC(x->code) == BPF_X && BPF_OP(x->code) != BPF_NEG &&
		    BPF_OP(x->code) != BPF_END)
			*use |= s;
		break;
	case BPF_LDX:
		*use = s;
		*def = d;
		break;
	case BPF_ST:
		*use = d;
		break;
	case BPF_STX:
		*use = d | s;
		if (BPF_MODE(x->code) == BPF_ATOMIC) {
			if (x->imm == BPF_CMPXCHG) {
				*use |= 1;
				*def = 1;
			} else if (x->imm & BPF_FETCH) {
				*def = s;
			}
		}
		break;
	case BPF_LD:
		if (vm_insn_is_ldimm64(x)) {
			*def = d;
		} else {
			*use = 1u << 6 | (BPF_MODE(x->code) == BPF_IND ? s : 0);
			*def = 0x3f;
		}
		break;
	default:
		if (vm_insn_is_exit(x)) {
			*use = 1;
		} else if (vm_insn_is_call(x)) {
			*def = 0x3f;
			*use = call_reg_uses(p, c, i);
		} else if (vm_insn_is_cond_jmp(x)) {
			*use = d | (BPF_SRC(x->code) == BPF_X ? s : 0);
		}
	}
}

/*
 * The own frame's 8-byte slots that bytes [lo, hi) of fp+off touch. The
 * range is clipped to the 512-byte frame first: a helper argument's range
 * runs from its offset to fp, which a hostile program puts 2^31 bytes away.
 */
static uint64_t slots_range(int64_t lo, int64_t hi)
{
	uint64_t m = 0;

	lo = lo < -512 ? -512 : lo;
	hi = hi > 0 ? 0 : hi;
	for (int64_t o = lo; o < hi; o++)
		m |= 1ull << ((-o - 1) / 8);
	return m;
}

/* Offsets are tracked while they stay this near fp; farther is "any" (no overflow). */
#define FP_OFF_LIMIT (1 << 20)

/* Forward: which registers hold fp+const at each insn (to attribute stack uses). */
static void fp_step(const struct bpf_insn *x, struct fpregs *r)
{
	uint8_t cls = BPF_CLASS(x->code), op = BPF_OP(x->code);
	struct fpval none = { FP_NONE, 0 }, *d = &r->r[x->dst_reg];

	if (cls == BPF_ALU64 && op == BPF_MOV && BPF_SRC(x->code) == BPF_X && !x->off) {
		*d = r->r[x->src_reg];
	} else if ((cls == BPF_ALU64 || cls == BPF_ALU) && op == BPF_MOV &&
		   (BPF_SRC(x->code) == BPF_K || cls == BPF_ALU)) {
		*d = none;	/* a constant, or a 32-bit copy: never a stack pointer */
	} else if (cls == BPF_ALU64 && (op == BPF_ADD || op == BPF_SUB) &&
		   BPF_SRC(x->code) == BPF_K && d->kind == FP_OFF) {
		int64_t off = (int64_t)d->off + (op == BPF_ADD ? x->imm : -(int64_t)x->imm);

		if (off < -FP_OFF_LIMIT || off > FP_OFF_LIMIT)
			*d = (struct fpval){ FP_ANY, 0 };
		else
			d->off = (int32_t)off;
	} else if (cls == BPF_ALU || cls == BPF_ALU64) {
		bool fp = d->kind != FP_NONE ||
			  (BPF_SRC(x->code) == BPF_X && r->r[x->src_reg].kind != FP_NONE);
		*d = fp ? (struct fpval){ FP_ANY, 0 } : none;
	} else if (cls == BPF_LDX || vm_insn_is_ldimm64(x)) {
		*d = none;
	} else if (vm_insn_is_call(x) || cls == BPF_LD) {
		for (int i = 0; i <= 5; i++)
			r->r[i] = none;
	} else if (cls == BPF_STX && BPF_MODE(x->code) == BPF_ATOMIC) {
		r->r[x->imm == BPF_CMPXCHG ? 0 : x->src_reg] = none;
	}
	r->r[VM_REG_FP] = (struct fpval){ FP_OFF, 0 };
}

static bool fp_join(struct fpregs *a, const struct fpregs *b)
{
	bool changed = false;

	for (int i = 0; i < VM_MAX_REG; i++) {
		struct fpval *x = &a->r[i];
		const struct fpval *y = &b->r[i];

		if (x->kind == y->kind && x->off == y->off)
			continue;
		if (x->kind == FP_ANY || (x->kind != FP_NONE && y->kind == FP_NONE))
			continue;
		*x = (x->kind == FP_NONE) ? *y : (struct fpval){ FP_ANY, 0 };
		changed = true;
	}
	return changed;
}

static uint64_t fp_slots(const struct fpval *v, int32_t off, int size)
{
	if (v->kind == FP_ANY)
		return ~0ull;
	if (v->kind != FP_OFF)
		return 0;
	return slots_range((int64_t)v->off + off, (int64_t)v->off + off + size);
}

static void stack_use_def(const struct vm_prog *p, const struct vm_cfg *c, size_t i,
			  const struct fpregs *r, uint64_t *use, uint64_t *def)
{
	const struct bpf_insn *x = &p->insns[i];
	uint8_t cls = BPF_CLASS(x->code);
	int size = vm_insn_size(x);

	*use = *def = 0;
	if (vm_insn_is_second_half(p->insns, i))
		return;
	if (cls == BPF_LDX) {
		*use = fp_slots(&r->r[x->src_reg], x->off, size);
	} else if ((cls == BPF_STX || cls == BPF_ST) && BPF_MODE(x->code) == BPF_MEM) {
		const struct fpval *v = &r->r[x->dst_reg];

		if (v->kind == FP_OFF && size == 8 && !((v->off + x->off) % 8))
			*def = fp_slots(v, x->off, 8);
	} else if (cls == BPF_STX) {
		*use = fp_slots(&r->r[x->dst_reg], x->off, size);
	} else if (vm_insn_is_call(x)) {
		int n = call_nargs(p, c, i);

		for (int a = 1; a <= n; a++) {
			const struct fpval *v = &r->r[a];

			if (v->kind == FP_OFF)
				*use |= slots_range(v->off, 0);
			else if (v->kind == FP_ANY)
				*use = ~0ull;
		}
	}
}

static int fp_forward(const struct vm_prog *p, struct vm_cfg *c, struct fpregs *in)
{
	bool changed = true;

	memset(in, 0, sizeof(*in) * c->n);
	for (size_t i = 0; i < c->n; i++)
		in[i].r[VM_REG_FP] = (struct fpval){ FP_OFF, 0 };
	while (changed) {
		changed = false;
		for (size_t i = 0; i < c->n; i++) {
			struct fpregs out = in[i];
			long s[2];
			int k;

			fp_step(&p->insns[i], &out);
			k = vm_insn_successors(p->insns, i, s);
			for (int e = 0; e < k; e++)
				if (s[e] >= 0 && (size_t)s[e] < c->n && c->subprog[s[e]] == c->subprog[i])
					changed |= fp_join(&in[s[e]], &out);
			if (vm_insn_is_ldimm64(&p->insns[i]))
				i++;
		}
	}
	return 0;
}

int vm_cfg_liveness(const struct vm_prog *p, struct vm_cfg *c)
{
	struct fpregs *fp = malloc(sizeof(*fp) * c->n);
	uint16_t *ru = malloc(sizeof(*ru) * c->n * 2);
	uint64_t *su = malloc(sizeof(*su) * c->n * 2);
	bool changed = true, static_stack = !vm_release_has(c->kver, VM_FEAT_STACK_LIVENESS);

	if (!fp || !ru || !su) {
		free(fp);
		free(ru);
		free(su);
		return -ENOMEM;
	}
	/* 6.18 keeps stack liveness while exploring (stack_live.c) */
	if (!static_stack)
		memset(su, 0, sizeof(*su) * c->n * 2);
	else
		fp_forward(p, c, fp);
	for (size_t i = 0; i < c->n; i++) {
		reg_use_def(p, c, i, &ru[2 * i], &ru[2 * i + 1]);
		if (static_stack)
			stack_use_def(p, c, i, &fp[i], &su[2 * i], &su[2 * i + 1]);
	}
	while (changed) {
		changed = false;
		for (size_t j = c->n; j-- > 0;) {
			uint16_t rout = 0;
			uint64_t sout = 0;
			long s[2];
			int k = vm_insn_successors(p->insns, j, s);

			for (int e = 0; e < k; e++) {
				if (s[e] < 0 || (size_t)s[e] >= c->n)
					continue;
				rout |= c->live_regs[s[e]];
				sout |= c->live_stack[s[e]];
			}
			rout = ru[2 * j] | (rout & ~ru[2 * j + 1]);
			sout = su[2 * j] | (sout & ~su[2 * j + 1]);
			if (rout != c->live_regs[j] || sout != c->live_stack[j]) {
				c->live_regs[j] = rout;
				c->live_stack[j] = sout;
				changed = true;
			}
		}
	}
	free(fp);
	free(ru);
	free(su);
	return 0;
}
