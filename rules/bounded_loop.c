// SPDX-License-Identifier: GPL-2.0-only
/*
 * bounded-loop: a plain counted for loop with a constant trip count of at
 * least the threshold. The verifier never prunes one iteration against an
 * earlier one of a bounded loop, so it walks the body once per iteration;
 * bpf_for() walks it about once. Fix: bpf_for(i, start, end) when the loop
 * is canonical.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules/rule.h"
#include "rules/loop_ast.h"
#include "rules/loop_prelude.h"
#include "lint/lint_ctx.h"

#define BPF_FOR_KERNEL KVER_ITER_NUM
#define BPF_MAX_LOOPS (8LL * 1024 * 1024) /* bpf_iter_num_new's range limit */

struct counted {
	CXCursor var, start, bound;
	enum CXBinaryOperatorKind op;
	long long from, to, step, trips;
	bool declared_here;      /* for (T i = ...) */
	bool more_cond;          /* i < N && something else */
	CXCursor rest;           /* that something else (null when none) */
};

/* Step of the increment expression, 0 if it is not i++, ++i, i += S or i = i + S. */
static long long step_of(CXCursor inc, CXCursor var)
{
	CXCursor e = ast__strip(inc);
	enum CXCursorKind k = clang_getCursorKind(e);
	long long s;

	if (k == CXCursor_UnaryOperator) {
		enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(e);

		if ((op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PreInc) &&
		    clang_equalCursors(cursor__ref_var(ast__child(e, 0)), var))
			return 1;
		return 0;
	}
	if (!clang_equalCursors(cursor__ref_var(ast__child(e, 0)), var))
		return 0;
	if (k == CXCursor_CompoundAssignOperator &&
	    clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_AddAssign)
		return cursor__int_value(ast__child(e, 1), &s) ? s : 0;
	if (k == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Assign) {
		CXCursor r = ast__strip(ast__child(e, 1));

		if (clang_getCursorKind(r) == CXCursor_BinaryOperator &&
		    clang_getCursorBinaryOperatorKind(r) == CXBinaryOperator_Add &&
		    clang_equalCursors(cursor__ref_var(ast__child(r, 0)), var))
			return cursor__int_value(ast__child(r, 1), &s) ? s : 0;
	}
	return 0;
}

static long long trip_count(const struct counted *c)
{
	long long d = c->to - c->from;

	switch (c->op) {
	case CXBinaryOperator_LT:
		return d > 0 ? (d + c->step - 1) / c->step : 0;
	case CXBinaryOperator_LE:
		return d >= 0 ? d / c->step + 1 : 0;
	case CXBinaryOperator_NE:
		return d > 0 && d % c->step == 0 ? d / c->step : 0;
	default:
		return 0;
	}
}

/*
 * i OP CONST (i < 100 of `i < 100 && i < n`): the comparison that bounds;
 * *rest gets the other operand of such a `&&`.
 */
static CXCursor bounding_compare(CXCursor cond, bool *more, CXCursor *rest)
{
	CXCursor c = ast__strip(cond);
	long long v;

	*more = false;
	*rest = clang_getNullCursor();
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator)
		return clang_getNullCursor();
	if (clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_LAnd)
		return c;
	*more = true;
	for (unsigned i = 0; i < 2; i++) {
		CXCursor side = ast__strip(ast__child(c, i));

		if (clang_getCursorKind(side) == CXCursor_BinaryOperator &&
		    cursor__int_value(ast__child(side, 1), &v) &&
		    !clang_Cursor_isNull(cursor__ref_var(ast__child(side, 0)))) {
			*rest = ast__child(c, !i);
			return side;
		}
	}
	return clang_getNullCursor();
}

static enum CXChildVisitResult find_effect(CXCursor c, CXCursor parent, void *data)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	bool *effect = data;

	(void)parent;
	if (k == CXCursor_CallExpr || k == CXCursor_CompoundAssignOperator ||
	    k == CXCursor_StmtExpr || k == CXCursor_AsmStmt ||
	    (k == CXCursor_BinaryOperator &&
	     clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) ||
	    (k == CXCursor_UnaryOperator &&
	     clang_getCursorUnaryOperatorKind(c) >= CXUnaryOperator_PostInc &&
	     clang_getCursorUnaryOperatorKind(c) <= CXUnaryOperator_PreDec)) {
		*effect = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* No call, assignment or ++/--: evaluating it less often changes nothing. */
static bool side_effect_free(CXCursor e)
{
	bool effect = false;

	find_effect(e, clang_getNullCursor(), &effect);
	if (!effect)
		clang_visitChildren(e, find_effect, &effect);
	return !effect;
}

/* i OP BOUND with a constant bound, a constant start and a constant step. */
static bool analyse(const struct loop *l, struct counted *c)
{
	CXCursor cond = bounding_compare(l->cond, &c->more_cond, &c->rest);

	if (clang_Cursor_isNull(cond) || clang_Cursor_isNull(l->inc))
		return false;
	c->op = clang_getCursorBinaryOperatorKind(cond);
	if (c->op != CXBinaryOperator_LT && c->op != CXBinaryOperator_LE && c->op != CXBinaryOperator_NE)
		return false;
	c->var = cursor__ref_var(ast__child(cond, 0));
	c->bound = ast__child(cond, 1);
	if (clang_Cursor_isNull(c->var) || !cursor__int_value(c->bound, &c->to))
		return false;
	c->start = var__start(l, c->var);
	if (!cursor__int_value(c->start, &c->from))
		return false;
	c->step = step_of(l->inc, c->var);
	if (c->step <= 0)
		return false;
	c->declared_here = clang_getCursorKind(l->init) == CXCursor_DeclStmt &&
			   cursor__off(c->var) > l->lparen && cursor__off(c->var) < l->semi1;
	c->trips = trip_count(c);
	return c->trips > 0;
}

/* Why the loop gets no automatic fix, or NULL. */
static const char *why_not_canonical(const struct loop *l, const struct counted *c)
{
	struct var_use u;

	if (c->more_cond && (clang_Cursor_isNull(c->rest) || !side_effect_free(c->rest) ||
			     clang_getCursorKind(l->body) != CXCursor_CompoundStmt))
		return "the condition tests more than the bound; write bpf_for(i, start, end) "
		       "and break on the rest first in the body";
	if (c->step != 1)
		return "the step is not 1 (bpf_for counts by one)";
	var__uses(l->body, c->var, &u);
	if (u.writes)
		return "the body assigns the induction variable";
	if (u.address_taken)
		return "the body takes the induction variable's address";
	if (c->from != 0 && var__indexes(l->body, c->var))
		return "a non-zero start that indexes memory: bpf_for(i, S, E) is then rejected on "
		       "6.18 (clang folds i >= S && i < E into one compare of a copy); write "
		       "bpf_for(j, 0, E - S) and index with j + S";
	if (!c->declared_here && var__read_after(l->func, c->var, l->end_off))
		return "the induction variable is read after the loop (bpf_for leaves it at the "
		       "last value, not at the bound)";
	if (c->from < -2147483647LL || c->to > 2147483646LL)
		return "the range does not fit bpf_for's int bounds";
	if (c->to - c->from > BPF_MAX_LOOPS)
		return "more than 8,388,608 iterations: bpf_iter_num_new() refuses the range "
		       "(-E2BIG) and the loop would not run";
	return NULL;
}

static char *end_text(struct lint_ctx *ctx, const struct loop *l, const struct counted *c)
{
	unsigned end = c->more_cond ? cursor__end(c->bound) : l->semi2;
	char *b = loop__text(ctx, cursor__off(c->bound), end), *out = NULL;

	if (!b)
		return NULL;
	if (c->op != CXBinaryOperator_LE)
		return b;
	/* N <= 63 becomes 64, a macro or expression keeps its name: MAX + 1 */
	if (b[strspn(b, "0123456789")] == '\0') {
		if (asprintf(&out, "%lld", c->to + 1) < 0)
			out = NULL;
	} else if (asprintf(&out, "%s + 1", b) < 0) {
		out = NULL;
	}
	free(b);
	return out;
}

static char *start_text(struct lint_ctx *ctx, const struct loop *l, const struct counted *c)
{
	char *s = NULL;
	unsigned o = cursor__off(c->start);

	if (o > l->lparen && o < l->semi1)
		return loop__text(ctx, o, l->semi1);
	return asprintf(&s, "%lld", c->from) < 0 ? NULL : s;
}

/* Where a line can follow the body's '{': past a trailing comment on its line. */
static unsigned after_brace_line(struct lint_ctx *ctx, CXCursor body)
{
	CXSourceRange r = clang_getCursorExtent(body);
	size_t len;
	const char *src = lint_file_text(ctx, clang_getRangeStart(r), &len);
	unsigned at = cursor__off(body) + 1, p = at;

	if (!src)
		return at;
	while (p < len && (src[p] == ' ' || src[p] == '\t'))
		p++;
	if (p + 1 < len && src[p] == '/' && src[p + 1] == '/') {
		while (p < len && src[p] != '\n' && src[p] != '\r')
			p++;
		return p;
	}
	return at;
}

/* i < N && REST: the body starts with `if (!(REST)) break;` (REST is side-effect free). */
static int add_break(struct lint_ctx *ctx, struct bpf_finding *f, CXCursor rest, CXCursor body)
{
	char *text = loop__text(ctx, cursor__off(rest), cursor__end(rest)), *line = NULL;
	int rc = -1;

	unsigned at = after_brace_line(ctx, body);

	if (text && asprintf(&line, "\n\tif (!(%s))\n\t\tbreak;", text) >= 0)
		rc = lint_fix_insert(ctx, f, clang_getRangeStart(loop__range(ctx, at, at)), line);
	free(text);
	free(line);
	return rc;
}

/*
 * The counter's declaration needs a block of its own: the loop is not a
 * statement of a block (if (x) for ..., a case label; a pragma's
 * AttributedStmt, unexposed in libclang, stands in its block), or another loop of the block
 * declares the same name.
 */
static bool needs_own_block(const struct loop *l, const struct counted *c)
{
	enum CXCursorKind k = clang_getCursorKind(l->parent);

	return c->declared_here && ((k != CXCursor_CompoundStmt && k != CXCursor_UnexposedStmt) ||
				    var__name_clash(l->parent, c->var));
}

static void add_fix(struct lint_ctx *ctx, struct bpf_finding *f, const struct loop *l,
		    const struct counted *c)
{
	char *from = start_text(ctx, l, c), *to = end_text(ctx, l, c), *head = NULL, *decl = NULL;
	CXString n = clang_getCursorSpelling(c->var), t = clang_getTypeSpelling(clang_getCursorType(c->var));
	const char *name = clang_getCString(n);

	if (!from || !to || asprintf(&head, "bpf_for(%s, %s, %s)", name, from, to) < 0 ||
	    (c->declared_here && asprintf(&decl, "%s %s;", clang_getCString(t), name) < 0))
		goto out;
	if (loop_prelude__rewrite_head(ctx, f, l, l->rparen + 1, decl, head, needs_own_block(l, c)))
		goto out;
	if (c->more_cond && add_break(ctx, f, c->rest, l->body))
		goto out;
	f->fix.needs |= BPF_NEED_BPF_FOR;
	f->fix.min_kernel = BPF_FOR_KERNEL;
out:
	clang_disposeString(n);
	clang_disposeString(t);
	free(from), free(to), free(head), free(decl);
}

static void check_loop(struct lint_ctx *ctx, const struct loop *l, void *data)
{
	struct counted c;
	struct bpf_finding *f;
	const char *why;

	(void)data;
	if (l->kind != LOOP_FOR || l->can_loop || !analyse(l, &c))
		return;
	if (c.trips < (long long)lint_rule_option(ctx))
		return;
	f = lint_report(ctx, loop__range(ctx, l->off, l->rparen + 1),
			"bounded loop of %lld iterations: the verifier walks its body up to %lld times, "
			"once per value of the counter; use bpf_for() so it is checked about once",
			c.trips, c.trips);
	if (!f)
		return;
	lint_set_scope(ctx, f, clang_getCursorExtent(l->stmt));
	finding_add_note(f, "a bounded loop's states are never pruned against earlier iterations, "
			 "so each iteration costs the whole body against the 1,000,000-instruction limit");
	finding_add_note(f, "bpf_for(i, start, end) (open-coded iterator, kernel 6.4+) gives the "
			 "verifier i as a range [start, end) and converges after one or two passes");
	why = why_not_canonical(l, &c);
	if (why)
		fix_set_unfixable(&f->fix, "not bpf_for's shape: %s", why);
	else
		add_fix(ctx, f, l, &c);
}

static void visit(struct lint_ctx *ctx, CXCursor c, CXCursor parent, void *state)
{
	struct loop l;

	if (loop__at(ctx, c, parent, &l))
		check_loop(ctx, &l, state);
}

const struct bpf_rule rule_bounded_loop = {
	.id = "bounded-loop",
	.summary = "counted for loop with many iterations: walked once per iteration, use bpf_for",
	.explanation =
		"A plain for loop with a constant trip count is a bounded loop to the verifier:\n"
		"it simulates the body once per iteration and never prunes an iteration\n"
		"against an earlier one, because the counter differs each time. 100\n"
		"iterations cost 100 bodies against the 1,000,000-instruction limit.\n"
		"bpf_for(i, start, end) (open-coded num iterator, kernel 6.4+) tells the\n"
		"verifier that i lies in [start, end); the loop state converges after one\n"
		"or two passes whatever the trip count.\n"
		"\n"
		"Reported when the trip count is at least bounded-loop-threshold (32).\n"
		"The fix applies to canonical loops: one counter, < <= or != against the\n"
		"bound, step +1, not assigned or address-taken in the body. A counter\n"
		"declared in the for is declared before the loop (bpf_for assigns it).\n"
		"A condition `i < N && REST` (REST free of calls and assignments, the body\n"
		"in braces) keeps N as bpf_for's bound and starts the body with\n"
		"`if (!(REST)) break;`.\n"
		"Measured on 6.18: a non-zero start whose counter indexes memory is\n"
		"rejected as bpf_for(i, S, E), so that shape gets no automatic fix.\n"
		"\n"
		"Before (806 insns processed on 6.18):\n"
		"    for (int i = 0; i < 100; i++)\n"
		"        sum += samples[i];\n"
		"After (72 insns):\n"
		"    int i;\n"
		"    bpf_for(i, 0, 100)\n"
		"        sum += samples[i];\n",
	.severity = BPF_SEV_WARNING,
	.enabled_by_default = true,
	.fix_lowers_cost = true,
	.min_kernel = BPF_FOR_KERNEL,
	.cost_scope = "this loop accounts",
	.option = "threshold",
	.option_default = 32,
	.fix_kernels = (const struct rule_fix_kernel[]){
		{ BPF_FOR_KERNEL, "bpf_for",
		  "move the body into a global __noinline function (5.6+) or a "
		  "bpf_loop() callback (5.17+), which the verifier checks once" },
		{ 0 } },
	.kinds = loop__kinds,
	.visit = visit,
};
