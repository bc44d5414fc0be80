// SPDX-License-Identifier: GPL-2.0-only
/*
 * can-loop-index: a can_loop (may_goto) loop whose counter starts at a
 * constant, or from a global without barrier_var. A may_goto loop is
 * checked for convergence, but a counter from a constant is a precise new
 * value each iteration, so nothing converges and the body is walked per
 * iteration. From a global the counter is an unknown range that converges
 * at once, provided clang keeps the access computed from it (barrier_var).
 * Measured on 6.18 (clang-19 -O2): only an unsigned long counter works in
 * the zero form; a signed int one is rejected ("unbounded min value"), so
 * those get bpf_for(i, 0, N) when the trip count is constant.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules/rule.h"
#include "rules/loop_ast.h"
#include "rules/loop_index.h"
#include "rules/loop_prelude.h"
#include "lint/lint_ctx.h"

#define CAN_LOOP_KERNEL KVER_MAY_GOTO
/* What an older target can do: its verifier refuses the can_loop loop itself. */
#define CAN_LOOP_OLD "write a plain bounded loop: can_loop itself needs 6.9, so this loop " \
	"does not load there either"
#define BPF_FOR_KERNEL KVER_ITER_NUM

/* for (i = S; i < BOUND && can_loop; i++) with a constant bound. */
struct for_shape {
	CXCursor bound;
	long long to;
};

/* The `i < BOUND` beside can_loop in the condition, or a null cursor. */
static CXCursor bound_compare(const struct loop *l, const struct loop_index *x)
{
	CXCursor c = ast__strip(l->cond), cmp = clang_getNullCursor();

	if (clang_getCursorKind(c) != CXCursor_BinaryOperator ||
	    clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_LAnd)
		return cmp;
	for (unsigned i = 0; i < 2; i++) {
		CXCursor side = ast__strip(ast__child(c, i));

		if (clang_getCursorKind(side) == CXCursor_BinaryOperator &&
		    clang_getCursorBinaryOperatorKind(side) == CXBinaryOperator_LT &&
		    clang_equalCursors(cursor__ref_var(ast__child(side, 0)), x->var))
			cmp = side;
	}
	return cmp;
}

/* A constant-start counter with a constant bound under the threshold costs
 * a few bodies at most: not worth a finding (as bounded loops under 32). */
static bool few_iterations(struct lint_ctx *ctx, const struct loop *l, const struct loop_index *x)
{
	CXCursor cmp = bound_compare(l, x);
	unsigned th = lint_rule_option(ctx);
	long long to;

	return x->start_kind == START_CONST && !clang_Cursor_isNull(cmp) &&
	       cursor__int_value(ast__child(cmp, 1), &to) &&
	       to - x->start_value < (long long)th;
}

static bool bpf_for_shape(const struct loop *l, const struct loop_index *x, struct for_shape *s)
{
	CXCursor inc = ast__strip(l->inc), cmp = bound_compare(l, x);
	struct var_use u;

	if (l->kind != LOOP_FOR || clang_Cursor_isNull(cmp))
		return false;
	s->bound = ast__child(cmp, 1);
	/* bpf_iter_num_new refuses ranges over BPF_MAX_LOOPS (8M): -E2BIG. */
	if (!cursor__int_value(s->bound, &s->to) || s->to <= 0 || s->to > 8LL * 1024 * 1024)
		return false;
	if (clang_getCursorKind(inc) != CXCursor_UnaryOperator ||
	    (clang_getCursorUnaryOperatorKind(inc) != CXUnaryOperator_PostInc &&
	     clang_getCursorUnaryOperatorKind(inc) != CXUnaryOperator_PreInc))
		return false;
	var__uses(l->body, x->var, &u);
	return !u.writes && !u.address_taken && !var__read_after(l->func, x->var, l->end_off);
}

static bool starts_from_zero_global(const struct loop_index *x)
{
	CXString n;
	bool yes;

	if (x->start_kind != START_GLOBAL)
		return x->start_value == 0;
	n = clang_getCursorSpelling(cursor__ref_var(x->start));
	yes = !strcmp(clang_getCString(n), "zero");
	clang_disposeString(n);
	return yes;
}

static void fix_bpf_for(struct lint_ctx *ctx, struct bpf_finding *f, const struct loop *l,
			const struct loop_index *x, const struct for_shape *s)
{
	CXString n = clang_getCursorSpelling(x->var), t = clang_getTypeSpelling(clang_getCursorType(x->var));
	bool here = cursor__off(x->var) > l->lparen && cursor__off(x->var) < l->semi1;
	char *to = loop__text(ctx, cursor__off(s->bound), cursor__end(s->bound)), *head = NULL;
	char *decl = NULL;

	if (to && asprintf(&head, "bpf_for(%s, 0, %s)", clang_getCString(n), to) >= 0 &&
	    (!here || asprintf(&decl, "%s %s;", clang_getCString(t), clang_getCString(n)) >= 0) &&
	    !loop_prelude__rewrite_head(ctx, f, l, l->rparen + 1, decl, head,
					clang_getCursorKind(l->parent) != CXCursor_CompoundStmt &&
					clang_getCursorKind(l->parent) != CXCursor_UnexposedStmt)) {
		f->fix.needs |= BPF_NEED_BPF_FOR;
		f->fix.min_kernel = BPF_FOR_KERNEL;
	}
	clang_disposeString(n);
	clang_disposeString(t);
	free(to);
	free(head);
	free(decl);
}

/* The article's final form: i from the global zero, barrier_var(i) first. */
static void fix_zero(struct lint_ctx *ctx, struct bpf_finding *f, const struct loop *l,
		     const struct loop_index *x)
{
	if (x->start_kind == START_CONST) {
		lint_fix_replace(ctx, f, clang_getCursorExtent(x->start), "zero");
		if (!(lint_declared(ctx) & BPF_NEED_ZERO))
			f->fix.needs |= BPF_NEED_ZERO;
	}
	if (!x->barrier && var__indexes(l->body, x->var))
		loop_index__insert_barrier(ctx, f, l, x);
	if (!f->fix.unfixable)
		f->fix.min_kernel = CAN_LOOP_KERNEL;
}

static void add_fix(struct lint_ctx *ctx, struct bpf_finding *f, const struct loop *l,
		    const struct loop_index *x)
{
	struct for_shape s;

	/* Measured: zero + barrier_var 50 insns, bpf_for 75, for an unsigned long;
	 * a counter that indexes nothing is fine from zero whatever its type. */
	if (cursor__is_u64(x->var) || !var__indexes(l->body, x->var))
		fix_zero(ctx, f, l, x);
	else if (starts_from_zero_global(x) && bpf_for_shape(l, x, &s))
		fix_bpf_for(ctx, f, l, x, &s);
	else
		fix_set_unfixable(&f->fix, "the index is signed or 32-bit, for which the zero form "
				  "is rejected on 6.18, and the loop is not bpf_for's shape; make it "
				  "unsigned long, or write bpf_for(i, 0, N)");
}

/* A signed counter the body checks for >= 0 loads (measured: 66 insns). */
static bool nonneg_signed(const struct loop *l, const struct loop_index *x)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(x->var));
	bool is_signed = t.kind == CXType_Int || t.kind == CXType_Long || t.kind == CXType_LongLong ||
			 t.kind == CXType_Short || t.kind == CXType_SChar || t.kind == CXType_Char_S;

	return is_signed && var__checks_nonneg(l->body, x->var);
}

static const char *problem(const struct loop *l, const struct loop_index *x)
{
	if (x->start_kind == START_CONST)
		return "starts at a constant: each iteration is a new precise value, so the "
		       "verifier walks the body once per iteration";
	if (!x->barrier && var__indexes(l->body, x->var))
		return "starts from a global without barrier_var: clang may turn the access into "
		       "a pointer advancing apart from the index, which the verifier cannot bound "
		       "(rejected on 6.18)";
	if (!cursor__is_u64(x->var) && var__indexes(l->body, x->var) && !nonneg_signed(l, x))
		return "is signed or 32-bit: from a global its range stays unbounded at one end "
		       "and the access is rejected on 6.18";
	return NULL;
}

static void check_loop(struct lint_ctx *ctx, const struct loop *l, void *data)
{
	struct loop_index x;
	struct bpf_finding *f;
	const char *what;
	CXString n;

	(void)data;
	if (!l->can_loop || l->kind == LOOP_BPF_FOR || l->kind == LOOP_BPF_REPEAT ||
	    !loop_index__find(ctx, l, false, &x) || few_iterations(ctx, l, &x) ||
	    !(what = problem(l, &x)))
		return;
	n = clang_getCursorSpelling(x.var);
	f = lint_report(ctx, loop__range(ctx, l->off, cursor__off(l->body)),
			"can_loop loop index '%s' %s; start it from a global zero with "
			"barrier_var(%s) first in the body, or use bpf_for",
			clang_getCString(n), what, clang_getCString(n));
	clang_disposeString(n);
	if (!f)
		return;
	lint_set_scope(ctx, f, clang_getCursorExtent(l->stmt));
	finding_add_note(f, "may_goto loops converge when a state repeats; a counter the verifier "
			 "knows exactly never repeats, one loaded from a writable global is a range "
			 "that does at the second pass");
	finding_add_note(f, "write: for (unsigned long i = zero; i < N && can_loop; i++) "
			 "{ barrier_var(i); ... } with a global `int zero;`");
	add_fix(ctx, f, l, &x);
}

static void visit(struct lint_ctx *ctx, CXCursor c, CXCursor parent, void *state)
{
	struct loop l;

	if (loop__at(ctx, c, parent, &l))
		check_loop(ctx, &l, state);
}

const struct bpf_rule rule_can_loop_index = {
	.id = "can-loop-index",
	.summary = "can_loop loop counter from a constant, or from a global without barrier_var",
	.explanation =
		"A can_loop (may_goto, 6.9+) loop is checked for convergence: when a state\n"
		"repeats, the verifier stops walking it. A counter that starts at a constant\n"
		"is known exactly and never repeats, so the body is walked once per\n"
		"iteration. Loaded from a writable global (`zero`), the counter is an\n"
		"unknown range and converges at the second pass, provided clang keeps the\n"
		"access computed from it: barrier_var(i) first in the body.\n"
		"\n"
		"Measured on 6.18 (clang-19 -O2, 100 iterations over a global array):\n"
		"  i = 0                                    1505 insns\n"
		"  i = zero, no barrier_var                 rejected (separate pointer)\n"
		"  int i = zero + barrier_var               rejected (unbounded min)\n"
		"  unsigned long i = zero + barrier_var       50 insns\n"
		"  bpf_for(i, 0, 100)                         75 insns\n"
		"So the fix uses the zero form for an unsigned long counter and bpf_for\n"
		"(constant trip count) for a signed or 32-bit one.\n"
		"\n"
		"Before:\n"
		"    for (unsigned long i = 0; i < 100 && can_loop; i++)\n"
		"        sum += samples[i];\n"
		"After:\n"
		"    int zero;  /* global: the verifier cannot know its value */\n"
		"    for (unsigned long i = zero; i < 100 && can_loop; i++) {\n"
		"        barrier_var(i);\n"
		"        sum += samples[i];\n"
		"    }\n",
	.severity = BPF_SEV_WARNING,
	.enabled_by_default = true,
	.fix_lowers_cost = true,
	.min_kernel = CAN_LOOP_KERNEL,
	.cost_scope = "this loop accounts",
	.option = "threshold",
	.option_default = 32,
	.fix_kernels = (const struct rule_fix_kernel[]){
		{ BPF_FOR_KERNEL, "bpf_for", CAN_LOOP_OLD },
		{ CAN_LOOP_KERNEL, "can_loop", CAN_LOOP_OLD },
		{ 0 } },
	.kinds = loop__kinds,
	.visit = visit,
};
