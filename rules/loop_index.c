// SPDX-License-Identifier: GPL-2.0-only
/* The index of a bpf_repeat / can_loop loop and its fixes (loop_index.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules/loop_index.h"

struct cands {
	CXCursor v[16];
	unsigned n;
};

static void cand_add(struct cands *c, CXCursor var)
{
	for (unsigned i = 0; i < c->n; i++)
		if (clang_equalCursors(c->v[i], var))
			return;
	if (!clang_Cursor_isNull(var) && c->n < 16)
		c->v[c->n++] = var;
}

static enum CXChildVisitResult visit_refs(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr)
		cand_add(d, cursor__ref_var(c));
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult visit_subscripts(CXCursor c, CXCursor parent, CXClientData d)
{
	CXCursor idx;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_ArraySubscriptExpr) {
		idx = ast__child(c, 1);
		visit_refs(idx, idx, d);
		clang_visitChildren(idx, visit_refs, d);
	}
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult visit_init(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_VarDecl) {
		cand_add(d, c);
		return CXChildVisit_Continue;
	}
	if (clang_getCursorKind(c) == CXCursor_BinaryOperator &&
	    clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign)
		cand_add(d, cursor__ref_var(ast__child(c, 0)));
	return CXChildVisit_Recurse;
}

static bool outside(const struct loop *l, CXCursor var)
{
	return cursor__off(var) < l->off || cursor__off(var) >= l->end_off;
}

/* Candidates in the order the rule prefers them. */
static void candidates(const struct loop *l, bool need_index, struct cands *c)
{
	c->n = 0;
	if (need_index) {
		clang_visitChildren(l->body, visit_subscripts, c);
	} else if (l->kind == LOOP_FOR && !clang_Cursor_isNull(l->init)) {
		visit_init(l->init, l->init, c);
		clang_visitChildren(l->init, visit_init, c);
	} else if (!clang_Cursor_isNull(l->cond)) {
		clang_visitChildren(l->cond, visit_refs, c);
	}
}

static bool stepped(const struct loop *l, CXCursor var)
{
	struct var_use u;

	var__uses(l->body, var, &u);
	if (u.writes)
		return true;
	var__uses(l->inc, var, &u);
	return u.writes > 0;
}

static bool pick(const struct loop *l, bool need_index, CXCursor *var)
{
	struct cands c;
	bool in_init = !need_index && l->kind == LOOP_FOR && !clang_Cursor_isNull(l->init);

	candidates(l, need_index, &c);
	for (unsigned i = 0; i < c.n; i++) {
		if (!in_init && !outside(l, c.v[i]))
			continue;	/* declared inside: not carried (can_loop's own ret) */
		if (!need_index && !cursor__mentions(l->cond, c.v[i]))
			continue;
		if (stepped(l, c.v[i])) {
			*var = c.v[i];
			return true;
		}
	}
	return false;
}

struct checks {
	CXCursor var;
	bool found;
};

static enum CXChildVisitResult visit_if(CXCursor c, CXCursor parent, CXClientData d)
{
	struct checks *x = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if ((k == CXCursor_IfStmt || k == CXCursor_ConditionalOperator) &&
	    cursor__mentions(ast__child(c, 0), x->var)) {
		x->found = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

static bool has_barrier(struct lint_ctx *ctx, const struct loop *l, CXCursor var)
{
	unsigned from = cursor__off(l->body), end = cursor__end(l->body), at;
	CXString n = clang_getCursorSpelling(var);
	bool found = false;

	while (!found && loop__macro_in(ctx, "barrier_var", from, end, &at)) {
		char *arg = NULL;

		if (loop__macro_args(ctx, at, &arg, 1) == 1 && arg)
			found = !strcmp(arg, clang_getCString(n));
		free(arg);
		from = at + 1;
	}
	clang_disposeString(n);
	return found;
}

/* The body's last statement, when it is the index's only write. */
static CXCursor last_step(const struct loop *l, const struct loop_index *x)
{
	unsigned n = ast__n_children(l->body);
	CXCursor last;

	if (clang_getCursorKind(l->body) != CXCursor_CompoundStmt || !n ||
	    x->uses.writes != 1 || x->uses.incs != 1)
		return clang_getNullCursor();
	last = ast__child(l->body, n - 1);
	return cursor__off(last) == cursor__off(x->uses.last_write) ? last : clang_getNullCursor();
}

static void classify_start(struct loop_index *x)
{
	CXCursor g = cursor__ref_var(x->start);

	if (cursor__int_value(x->start, &x->start_value))
		x->start_kind = START_CONST;
	else if (!clang_Cursor_isNull(g) && cursor__is_writable_global(g))
		x->start_kind = START_GLOBAL;
	else
		x->start_kind = START_OTHER;
}

bool loop_index__find(struct lint_ctx *ctx, const struct loop *l, bool need_index,
		      struct loop_index *x)
{
	struct checks c;

	memset(x, 0, sizeof(*x));
	if (clang_Cursor_isNull(l->body) || !pick(l, need_index, &x->var))
		return false;
	x->start = var__start(l, x->var);
	if (clang_Cursor_isNull(x->start))
		return false;
	classify_start(x);
	if (x->start_kind == START_OTHER)
		return false;
	c = (struct checks){ .var = x->var };
	visit_if(l->body, l->body, &c);
	if (!c.found)
		clang_visitChildren(l->body, visit_if, &c);
	x->checked = c.found;
	x->breaks = loop__has_jump(l->body, CXCursor_BreakStmt);
	x->barrier = has_barrier(ctx, l, x->var);
	var__uses(l->body, x->var, &x->uses);
	x->step = last_step(l, x);
	return true;
}

const char *loop_index__why_not_bpf_for(const struct loop *l, const struct loop_index *x)
{
	if (x->start_kind != START_CONST)
		return "the index does not start from a constant";
	if (x->start_value != 0)
		return "a non-zero start that indexes memory: bpf_for(i, S, E) is then rejected "
		       "on 6.18 (clang folds the range check onto a copy)";
	if (clang_Cursor_isNull(x->step))
		return "the index is not stepped by one as the body's last statement";
	if (x->uses.address_taken)
		return "the body takes the index's address";
	if (loop__has_jump(l->body, CXCursor_ContinueStmt))
		return "a continue skips the step, which bpf_for would not";
	if (var__read_after(l->func, x->var, l->end_off))
		return "the index is read after the loop (bpf_for leaves it at the last value)";
	return NULL;
}

/* Offset just past the ';' that ends the statement ending at end. */
static unsigned after_semicolon(struct lint_ctx *ctx, CXCursor stmt)
{
	size_t len;
	const char *t = lint_file_text(ctx, clang_getCursorLocation(stmt), &len);
	unsigned e = cursor__end(stmt);

	while (t && e < len && (t[e] == ' ' || t[e] == '\t'))
		e++;
	return t && e < len && t[e] == ';' ? e + 1 : cursor__end(stmt);
}

void loop_index__remove_step(struct lint_ctx *ctx, struct bpf_finding *f,
			     const struct loop_index *x)
{
	unsigned off = cursor__off(x->step), end = after_semicolon(ctx, x->step);

	loop__whole_lines(ctx, &off, &end);
	lint_fix_replace(ctx, f, loop__range(ctx, off, end), "");
}

/* Offset of the last ')' before the body: the end of the loop header. */
static unsigned header_end(struct lint_ctx *ctx, const struct loop *l)
{
	CXTranslationUnit tu = lint_tu(ctx);
	unsigned n, at = 0;
	CXToken *tok;

	clang_tokenize(tu, loop__range(ctx, l->off, cursor__off(l->body)), &tok, &n);
	for (unsigned k = 0; k < n; k++) {
		CXString s = clang_getTokenSpelling(tu, tok[k]);

		if (!strcmp(clang_getCString(s), ")"))
			clang_getExpansionLocation(clang_getTokenLocation(tu, tok[k]), NULL, NULL,
						   NULL, &at);
		clang_disposeString(s);
	}
	clang_disposeTokens(tu, tok, n);
	return at + 1;
}

/* Braces around a single-statement body: " {" after the header, "}" on
 * its own line after the statement, at the loop's indentation. */
static void add_braces(struct lint_ctx *ctx, struct bpf_finding *f, const struct loop *l)
{
	size_t len;
	const char *t = lint_file_text(ctx, clang_getCursorLocation(l->body), &len);
	unsigned e = after_semicolon(ctx, l->body);
	char *ind = loop__indent(ctx, l->off), *close = NULL;

	while (t && e < len && t[e] != '\n')
		e++;
	if (t && e < len && ind && asprintf(&close, "%s}\n", ind) >= 0) {
		lint_fix_insert(ctx, f, clang_getRangeStart(loop__range(ctx, header_end(ctx, l), 0)),
				" {");
		lint_fix_insert(ctx, f, clang_getRangeStart(loop__range(ctx, e + 1, e + 1)), close);
	} else {
		fix_set_unfixable(&f->fix, "cannot place braces around the loop body");
	}
	free(ind);
	free(close);
}

void loop_index__insert_barrier(struct lint_ctx *ctx, struct bpf_finding *f,
				const struct loop *l, const struct loop_index *x)
{
	bool block = clang_getCursorKind(l->body) == CXCursor_CompoundStmt;
	CXCursor first = block ? ast__child(l->body, 0) : l->body;
	CXString n = clang_getCursorSpelling(x->var);
	char *text = NULL;

	if (clang_Cursor_isNull(first)) {
		fix_set_unfixable(&f->fix, "the loop body is empty");
	} else if (asprintf(&text, "barrier_var(%s);\n", clang_getCString(n)) >= 0) {
		if (!block)
			add_braces(ctx, f, l);
		lint_fix_insert(ctx, f, clang_getRangeStart(clang_getCursorExtent(first)), text);
		f->fix.needs |= BPF_NEED_BARRIER_VAR;
	}
	clang_disposeString(n);
	free(text);
}
