/* SPDX-License-Identifier: GPL-2.0-only */
/* cfg.c: the check_cfg pre-pass (structure, prune marks, SCCs, liveness). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>
#include "verifier-model/cfg.h"
#include "verifier-model/helpers.h"
#include "verifier-model/insn.h"
#include "verifier-model/liveness.h"
#include "verifier-model/scc.h"
#include "verifier-model/release.h"

#define ERR(...) (snprintf(err, errlen, __VA_ARGS__), -EINVAL)

static bool is_cb_helper(int id)
{
	const struct vm_func_sig *s = vm_helper_sig(id);

	return s && (s->flags & VM_FN_CALLBACK);
}

static bool is_iter_next(const struct vm_prog *p, size_t i, unsigned kver)
{
	const struct vm_func_sig *s;

	if (!vm_insn_is_kfunc_call(&p->insns[i]) || !p->refs || p->refs[i].kind != VM_REF_KFUNC ||
	    !vm_release_has_kfunc(kver, p->refs[i].name))
		return false;
	s = vm_kfunc_sig(p->refs[i].name);
	if (s)
		return s->flags & VM_FN_ITER_NEXT;
	/* any bpf_iter_*_next follows the iterator protocol */
	return p->refs[i].name && !strncmp(p->refs[i].name, "bpf_iter_", 9) &&
	       strlen(p->refs[i].name) > 5 &&
	       !strcmp(p->refs[i].name + strlen(p->refs[i].name) - 5, "_next");
}

static int assign_subprogs(const struct vm_prog *p, struct vm_cfg *c)
{
	for (size_t i = 0; i < c->n; i++)
		c->subprog[i] = 0;
	for (size_t s = 1; s < p->n_subprogs; s++) {
		const struct vm_subprog *sp = &p->subprogs[s];

		for (size_t i = sp->start; i < sp->start + sp->len && i < c->n; i++)
			c->subprog[i] = (int)s;
	}
	return 0;
}

/*
 * Opcodes the release's insn table lacks (bpf_opcode_in_insntable, in
 * the pre-pass, so nothing is processed): may_goto, gotol, sign-extending
 * loads.
 */
static bool release_opcode_ok(const struct bpf_insn *x, unsigned kver)
{
	if (vm_insn_is_may_goto(x))
		return vm_release_has(kver, VM_FEAT_MAY_GOTO);
	if (x->code == (BPF_JMP32 | BPF_JA) ||
	    (BPF_CLASS(x->code) == BPF_LDX && BPF_MODE(x->code) == BPF_MEMSX))
		return vm_release_has(kver, VM_FEAT_ISA_V4);
	return true;
}

static int check_insn_ranges(const struct vm_prog *p, struct vm_cfg *c,
			     char *err, size_t errlen)
{
	const struct bpf_insn *in = p->insns;

	for (size_t i = 0; i < c->n; i++) {
		const struct bpf_insn *x = &in[i];
		long t;

		if (vm_insn_check(in, c->n, i, err, errlen))
			return -EINVAL;
		if (!release_opcode_ok(x, c->kver))
			return ERR("unknown opcode %02x", x->code);
		if (vm_insn_is_ldimm64(x)) {
			i++;
			continue;
		}
		if (vm_insn_is_pseudo_call(x)) {
			t = (long)i + x->imm + 1;
			if (t < 0 || (size_t)t >= c->n)
				return ERR("function call to invalid destination");
			continue;
		}
		if (!vm_insn_is_ja(x) && !vm_insn_is_cond_jmp(x) && !vm_insn_is_may_goto(x))
			continue;
		t = vm_insn_jmp_target(x, i);
		if (t < 0 || (size_t)t >= c->n || c->subprog[t] != c->subprog[i])
			return ERR("jump out of range from insn %zu to %ld", i, t);
		if (t > 0 && vm_insn_is_ldimm64(&in[t - 1]) &&
		    (t < 2 || !vm_insn_is_ldimm64(&in[t - 2])))
			return ERR("jump into the middle of ldimm64 insn %ld", t);
	}
	for (size_t s = 0; s < (p->n_subprogs ? p->n_subprogs : 1); s++) {
		size_t end = s + 1 < p->n_subprogs ? p->subprogs[s + 1].start : c->n;
		const struct bpf_insn *last;

		if (!end)
			return ERR("last insn is not an exit or jmp");
		last = &in[end - 1];
		if (!vm_insn_is_exit(last) && !vm_insn_is_ja(last))
			return ERR("last insn is not an exit or jmp");
	}
	return 0;
}

static void mark(struct vm_cfg *c, long i, uint8_t f)
{
	if (i >= 0 && (size_t)i < c->n)
		c->flags[i] |= f;
}

/* The successor edges of insn i, as check_cfg's visit_insn sees them. */
static int successors(const struct vm_prog *p, size_t i, long out[2], bool mark_it,
		      struct vm_cfg *c)
{
	const struct bpf_insn *x = &p->insns[i];

	if (vm_insn_is_exit(x))
		return 0;
	if (vm_insn_is_ldimm64(x)) {
		out[0] = (long)i + 2;
		if (x->src_reg == BPF_PSEUDO_FUNC) {
			out[1] = (long)i + x->imm + 1;
			/* before 6.3 a callback's address was visited as a call */
			if (mark_it && !vm_release_has(c->kver, VM_FEAT_LEAN_PRUNE)) {
				mark(c, i, VM_CFG_PRUNE | VM_CFG_JMP_POINT);
				mark(c, out[1], VM_CFG_PRUNE | VM_CFG_JMP_POINT);
			}
			return 2;
		}
		return 1;
	}
	if (vm_insn_is_call(x)) {
		out[0] = (long)i + 1;
		if (mark_it) {
			mark(c, i + 1, VM_CFG_PRUNE | VM_CFG_JMP_POINT);
			if (vm_insn_is_helper_call(x) && is_cb_helper(x->imm) &&
			    vm_release_has(c->kver, VM_FEAT_CB_CONVERGE))
				mark(c, i, VM_CFG_PRUNE | VM_CFG_JMP_POINT |
				     VM_CFG_FORCE_CKPT | VM_CFG_CALLS_CB);
			if (is_iter_next(p, i, c->kver))
				mark(c, i, VM_CFG_PRUNE | VM_CFG_FORCE_CKPT | VM_CFG_ITER_NEXT);
		}
		if (vm_insn_is_pseudo_call(x)) {
			out[1] = (long)i + x->imm + 1;
			if (mark_it) {
				mark(c, i, VM_CFG_PRUNE);
				mark(c, out[1], VM_CFG_PRUNE | VM_CFG_JMP_POINT);
			}
			return 2;
		}
		return 1;
	}
	if (vm_insn_is_ja(x)) {
		out[0] = vm_insn_jmp_target(x, i);
		if (mark_it)
			mark(c, out[0], VM_CFG_PRUNE | VM_CFG_JMP_POINT);
		/* before 6.3 the insn after a jump was a prune point too */
		if (mark_it && !vm_release_has(c->kver, VM_FEAT_LEAN_PRUNE))
			mark(c, i + 1, VM_CFG_PRUNE | VM_CFG_JMP_POINT);
		return 1;
	}
	if (vm_insn_is_cond_jmp(x) || vm_insn_is_may_goto(x)) {
		out[0] = (long)i + 1;
		out[1] = vm_insn_jmp_target(x, i);
		if (mark_it) {
			mark(c, i, VM_CFG_PRUNE | (vm_insn_is_may_goto(x) ? VM_CFG_FORCE_CKPT : 0));
			mark(c, out[1], VM_CFG_PRUNE | VM_CFG_JMP_POINT);
		}
		return 2;
	}
	out[0] = (long)i + 1;
	return 1;
}

static int reachability(const struct vm_prog *p, struct vm_cfg *c, char *err, size_t errlen)
{
	uint8_t *seen = calloc(c->n, 1);
	size_t *stack = malloc(sizeof(size_t) * (c->n + 1));
	size_t sp = 0;
	int ret = 0;

	if (!seen || !stack) {
		free(seen);
		free(stack);
		return -ENOMEM;
	}
	stack[sp++] = 0;
	seen[0] = 1;
	while (sp) {
		size_t i = stack[--sp];
		long out[2];
		int k = successors(p, i, out, true, c);

		for (int e = 0; e < k; e++) {
			if (out[e] < 0 || (size_t)out[e] >= c->n) {
				ret = ERR("jump out of range from insn %zu to %ld", i, out[e]);
				goto done;
			}
			if (!seen[out[e]]) {
				seen[out[e]] = 1;
				stack[sp++] = (size_t)out[e];
			}
		}
	}
	for (size_t i = 0; i < c->n; i++) {
		if (!seen[i]) {
			ret = ERR("unreachable insn %zu", i);
			break;
		}
		if (vm_insn_is_ldimm64(&p->insns[i]))
			i++;
	}
done:
	free(seen);
	free(stack);
	return ret;
}

static int btf_nargs(const struct btf *btf, uint32_t id)
{
	const struct btf_type *t;

	if (!btf || !id)
		return 5;
	t = btf__type_by_id(btf, id);
	if (!t || !btf_is_func(t))
		return 5;
	t = btf__type_by_id(btf, t->type);
	if (!t || !btf_is_func_proto(t))
		return 5;
	return btf_vlen(t) > 5 ? 5 : btf_vlen(t);
}

/* btf_type_is_small_int or an enum: what check_btf_func calls a scalar return */
static bool btf_scalar_return(const struct btf *btf, uint32_t func_id)
{
	const struct btf_type *t = btf__type_by_id(btf, func_id);

	t = t && btf_is_func(t) ? btf__type_by_id(btf, t->type) : NULL;
	if (!t || !btf_is_func_proto(t))
		return true;    /* no prototype: nothing for the kernel to check either */
	t = btf__type_by_id(btf, t->type);
	while (t && (btf_is_mod(t) || btf_is_typedef(t) || btf_is_type_tag(t)))
		t = btf__type_by_id(btf, t->type);
	return t && ((btf_is_int(t) && t->size <= 8) || btf_is_any_enum(t));
}

/* check_btf_func: a subprogram with LD_ABS or a tail call must return a scalar */
static int check_subprog_returns(const struct vm_prog *p, const struct btf *btf,
				 char *err, size_t errlen)
{
	for (size_t s = 1; btf && s < p->n_subprogs; s++) {
		const struct vm_subprog *sp = &p->subprogs[s];
		bool ld_abs = false, tail_call = false;

		if (!sp->btf_id || btf_scalar_return(btf, sp->btf_id))
			continue;
		for (size_t i = sp->start; i < sp->start + sp->len && i < p->n_insns; i++) {
			const struct bpf_insn *x = &p->insns[i];

			ld_abs |= BPF_CLASS(x->code) == BPF_LD &&
				  (BPF_MODE(x->code) == BPF_ABS || BPF_MODE(x->code) == BPF_IND);
			tail_call |= x->code == (BPF_JMP | BPF_CALL) && x->src_reg == 0 &&
				     x->imm == BPF_FUNC_tail_call;
		}
		if (ld_abs)
			return ERR("LD_ABS is only allowed in functions that return 'int'.");
		if (tail_call)
			return ERR("tail_call is only allowed in functions that return 'int'.");
	}
	return 0;
}

int vm_cfg__build(const struct vm_prog *p, const struct btf *btf, unsigned kver,
		  struct vm_cfg *c, char *err, size_t errlen)
{
	size_t nsub = p->n_subprogs ? p->n_subprogs : 1;
	int ret;

	memset(c, 0, sizeof(*c));
	c->kver = kver;
	if (!p->n_insns)
		return ERR("empty program");
	c->n = p->n_insns;
	c->flags = calloc(c->n, 1);
	c->live_regs = calloc(c->n, sizeof(*c->live_regs));
	c->live_stack = calloc(c->n, sizeof(*c->live_stack));
	c->subprog = calloc(c->n, sizeof(int));
	c->scc = calloc(c->n, sizeof(int));
	c->nargs = calloc(nsub, sizeof(int));
	if (!c->flags || !c->live_regs || !c->live_stack || !c->subprog || !c->scc || !c->nargs) {
		vm_cfg__free(c);
		return -ENOMEM;
	}
	for (size_t s = 0; s < nsub; s++)
		c->nargs[s] = s < p->n_subprogs ? btf_nargs(btf, p->subprogs[s].btf_id) : 5;
	assign_subprogs(p, c);
	ret = check_insn_ranges(p, c, err, errlen);
	if (!ret)
		ret = check_subprog_returns(p, btf, err, errlen);
	if (!ret)
		ret = reachability(p, c, err, errlen);
	if (!ret)
		ret = vm_cfg_liveness(p, c);
	if (!ret)
		ret = vm_cfg_scc(p, c);
	if (ret)
		vm_cfg__free(c);
	return ret;
}

void vm_cfg__free(struct vm_cfg *c)
{
	free(c->flags);
	free(c->live_regs);
	free(c->live_stack);
	free(c->subprog);
	free(c->scc);
	free(c->nargs);
	memset(c, 0, sizeof(*c));
}
