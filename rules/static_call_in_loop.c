// SPDX-License-Identifier: GPL-2.0-only
/*
 * static-call-in-loop: a loop calls a static or __hidden (not always_inline)
 * function with an argument computed from its counter. The verifier checks
 * such a function per call site and state, so a counter-dependent argument
 * makes every iteration verify the whole body again; a global function is
 * checked once. Fix: drop static/__hidden (and inline), add __noinline, when
 * the signature is one the kernel accepts for a global function.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules/rule.h"
#include "rules/loop_ast.h"
#include "rules/static_call_sig.h"
#include "lint/lint_ctx.h"

#define MAX_VARS 32
#define MAX_SEEN 256

struct var_set {
	CXCursor v[MAX_VARS];
	unsigned n;
};

struct state {
	unsigned seen[MAX_SEEN];   /* call offsets already reported */
	unsigned n_seen;
};

static bool set_has(const struct var_set *s, CXCursor var)
{
	for (unsigned i = 0; i < s->n; i++)
		if (clang_equalCursors(s->v[i], var))
			return true;
	return false;
}

static void set_add(struct var_set *s, CXCursor var)
{
	if (!clang_Cursor_isNull(var) && s->n < MAX_VARS && !set_has(s, var))
		s->v[s->n++] = var;
}

/* The member of s that tree mentions, or a null cursor. */
static CXCursor set_mentioned(const struct var_set *s, CXCursor tree)
{
	for (unsigned i = 0; i < s->n; i++)
		if (cursor__mentions(tree, s->v[i]))
			return s->v[i];
	return clang_getNullCursor();
}

struct collect {
	struct var_set *set;
	const struct loop *l;
	int mode;                  /* 0: written, 1: derived locals, 2: counters */
};

/* The variable a write expression (=, op=, ++, --) assigns, or null. */
static CXCursor written_var(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	if (k == CXCursor_UnaryOperator) {
		enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);

		if (op >= CXUnaryOperator_PostInc && op <= CXUnaryOperator_PreDec)
			return cursor__ref_var(ast__child(c, 0));
	} else if (k == CXCursor_CompoundAssignOperator ||
		   (k == CXCursor_BinaryOperator &&
		    clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign)) {
		return cursor__ref_var(ast__child(c, 0));
	}
	return clang_getNullCursor();
}

/* ++, --, += K, -= K: a counter's step. */
static bool is_step(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	enum CXBinaryOperatorKind op;
	long long v;

	if (k == CXCursor_UnaryOperator)
		return true;
	if (k != CXCursor_CompoundAssignOperator)
		return false;
	op = clang_getCursorBinaryOperatorKind(c);
	return (op == CXBinaryOperator_AddAssign || op == CXBinaryOperator_SubAssign) &&
	       cursor__int_value(ast__child(c, 1), &v);
}

static enum CXChildVisitResult visit_collect(CXCursor c, CXCursor parent, CXClientData d)
{
	struct collect *x = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (x->mode == 0 || x->mode == 2) {
		CXCursor v = written_var(c);

		if (x->mode == 2 && !is_step(c))
			v = clang_getNullCursor();
		/* Only variables that live across iterations (declared outside). */
		if (!clang_Cursor_isNull(v) && (cursor__off(v) < x->l->off || cursor__off(v) >= x->l->end_off))
			set_add(x->set, v);
	} else if (k == CXCursor_VarDecl) {
		if (!clang_Cursor_isNull(set_mentioned(x->set, c)))
			set_add(x->set, c);
	} else {
		CXCursor v = written_var(c);

		if (!clang_Cursor_isNull(v) && k != CXCursor_UnaryOperator &&
		    !clang_Cursor_isNull(set_mentioned(x->set, ast__child(c, 1))))
			set_add(x->set, v);
	}
	return CXChildVisit_Recurse;
}

static void collect(struct var_set *s, const struct loop *l, CXCursor tree, int mode)
{
	struct collect x = { .set = s, .l = l, .mode = mode };

	if (clang_Cursor_isNull(tree))
		return;
	/* The tree itself may be the write: a for's `i = 0` init or `i++` step. */
	visit_collect(tree, tree, &x);
	clang_visitChildren(tree, visit_collect, &x);
}

struct condw {
	const struct loop *l;
	struct var_set *set;
};

static enum CXChildVisitResult visit_cond(CXCursor c, CXCursor parent, CXClientData d)
{
	struct condw *x = d;
	CXCursor v = cursor__ref_var(c);
	struct var_use u;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr || clang_Cursor_isNull(v))
		return CXChildVisit_Recurse;
	var__uses(x->l->body, v, &u);
	if (u.writes)
		set_add(x->set, v);
	return CXChildVisit_Continue;
}

static void cond_vars_written(const struct loop *l, struct var_set *s)
{
	struct condw x = { .l = l, .set = s };

	if (!clang_Cursor_isNull(l->cond))
		clang_visitChildren(l->cond, visit_cond, &x);
}

/* VarDecls of a for-init, which the loop owns. */
static enum CXChildVisitResult visit_decls(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_VarDecl)
		set_add(d, c);
	return CXChildVisit_Continue;
}

/* The loop's induction variables and the locals computed from them. */
static void induction_vars(const struct loop *l, struct var_set *s)
{
	s->n = 0;
	if (l->kind == LOOP_FOR && clang_getCursorKind(l->init) == CXCursor_DeclStmt)
		clang_visitChildren(l->init, visit_decls, s);
	if (l->kind == LOOP_FOR) {
		collect(s, l, l->init, 0);
		collect(s, l, l->inc, 0);
	}
	if (l->kind == LOOP_BPF_FOR)
		collect(s, l, l->cond, 0);
	/* Counters that the body steps (bpf_repeat, while, do, for). */
	if (l->kind != LOOP_BPF_FOR)
		collect(s, l, l->body, 2);
	/* while/do: what the condition tests and the body writes. */
	if (l->kind == LOOP_WHILE || l->kind == LOOP_DO)
		cond_vars_written(l, s);
	for (int pass = 0; pass < 2; pass++)
		collect(s, l, l->body, 1);
}

static bool already_seen(struct state *st, unsigned off)
{
	for (unsigned i = 0; i < st->n_seen; i++)
		if (st->seen[i] == off)
			return true;
	if (st->n_seen < MAX_SEEN)
		st->seen[st->n_seen++] = off;
	return false;
}

/*
 * __hidden (visibility hidden) functions count as static: libbpf marks them
 * static in BTF and the verifier checks them per call site (6.18: 5417
 * processed insns for a __hidden __noinline callee in a 16-trip loop, as
 * static; 98 as a global function).
 */
static bool verified_per_call(CXCursor def)
{
	return clang_getCursorLinkage(def) == CXLinkage_Internal ||
	       (clang_getCursorLinkage(def) == CXLinkage_External &&
		clang_getCursorVisibility(def) == CXVisibility_Hidden);
}

/* The static or __hidden, not always_inline, definition a call goes to, or null. */
static CXCursor static_callee(struct lint_ctx *ctx, CXCursor call)
{
	CXCursor fn = clang_getCursorReferenced(call), def;

	if (clang_getCursorKind(fn) != CXCursor_FunctionDecl)
		return clang_getNullCursor();
	def = clang_getCursorDefinition(fn);
	if (clang_Cursor_isNull(def) || !verified_per_call(def))
		return clang_getNullCursor();
	if (static_call__has_word(ctx, def, "always_inline") ||
	    static_call__has_word(ctx, clang_getCanonicalCursor(def), "always_inline"))
		return clang_getNullCursor();
	return def;
}

static void report(struct lint_ctx *ctx, CXCursor call, CXCursor def, CXCursor var,
		   const struct loop *l)
{
	bool plain = (l->kind == LOOP_FOR || l->kind == LOOP_WHILE || l->kind == LOOP_DO) &&
		     !l->can_loop;
	CXString fname = clang_getCursorSpelling(def), vname = clang_getCursorSpelling(var);
	char *why = static_call__unfixable(ctx, def);
	struct bpf_finding *f;

	f = lint_report(ctx, clang_getCursorExtent(call),
			"%s function '%s' is called with an argument that depends on the loop "
			"counter '%s': the verifier checks its whole body again %s; make it a global "
			"__noinline function, checked once%s%s",
			clang_getCursorLinkage(def) == CXLinkage_Internal ? "static" : "__hidden",
			clang_getCString(fname), clang_getCString(vname),
			plain ? "on every iteration" : "for every distinct state the loop reaches",
			why ? "; no automatic fix: " : "", why ? why : "");
	if (f) {
		/* Its cost is the callee's body, verified again per call. */
		lint_set_scope(ctx, f, clang_getCursorExtent(def));
		finding_add_note(f, "static functions are verified per call site with the caller's "
				 "state; an argument that differs per iteration defeats pruning, so "
				 "each call costs the full body against the 1,000,000-instruction limit");
		finding_add_note(f, "a global function is verified once, alone, from its BTF "
				 "signature: it must check its own bounds and NULL-check pointer "
				 "arguments, since the caller's knowledge no longer reaches it");
		if (why)
			fix_set_unfixable(&f->fix, "%s", why);
		else
			static_call__add_fix(ctx, f, def);
	}
	free(why);
	clang_disposeString(fname);
	clang_disposeString(vname);
}

struct calls {
	struct lint_ctx *ctx;
	const struct loop *l;
	struct state *st;
	const struct var_set *set;
};

static enum CXChildVisitResult visit_calls(CXCursor c, CXCursor parent, CXClientData d)
{
	struct calls *x = d;
	CXCursor def, var = clang_getNullCursor();
	int n;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	def = static_callee(x->ctx, c);
	if (clang_Cursor_isNull(def))
		return CXChildVisit_Recurse;
	n = clang_Cursor_getNumArguments(c);
	for (int i = 0; i < n && clang_Cursor_isNull(var); i++)
		var = set_mentioned(x->set, clang_Cursor_getArgument(c, (unsigned)i));
	if (!clang_Cursor_isNull(var) && !already_seen(x->st, cursor__off(c)))
		report(x->ctx, c, def, var, x->l);
	return CXChildVisit_Recurse;
}

static void check_loop(struct lint_ctx *ctx, const struct loop *l, void *data)
{
	struct var_set set;
	struct calls x = { .ctx = ctx, .l = l, .st = data, .set = &set };

	induction_vars(l, &set);
	if (!set.n || clang_Cursor_isNull(l->body))
		return;
	visit_calls(l->body, l->body, &x);	/* the body may be the call itself */
	clang_visitChildren(l->body, visit_calls, &x);
}

static void visit(struct lint_ctx *ctx, CXCursor c, CXCursor parent, void *state)
{
	struct loop l;

	if (loop__at(ctx, c, parent, &l))
		check_loop(ctx, &l, state);
}

const struct bpf_rule rule_static_call_in_loop = {
	.id = "static-call-in-loop",
	.summary = "static function called with the loop counter: verified again every iteration",
	.explanation =
		"The verifier checks a static function as part of its caller, once per\n"
		"call site and caller state. Inside a loop, an argument computed from the\n"
		"loop counter gives every iteration a different state, so the whole body\n"
		"is verified again each time (the pruner only helps when nothing that\n"
		"depends on the counter is passed). A global function (not static) is\n"
		"verified once on its own, from its BTF signature; each call then costs\n"
		"one instruction. Kernel 5.6+. A __hidden function (libbpf's\n"
		"visibility(\"hidden\")) is static to the verifier: libbpf marks it\n"
		"static in BTF, so it is reported too and the fix drops __hidden.\n"
		"\n"
		"A global function must take at most 5 arguments, each a scalar, a\n"
		"context pointer or a pointer to a sized type (which arrives as nullable\n"
		"memory: NULL-check it before use), and return a scalar (not void).\n"
		"Otherwise no automatic fix is offered; __arg_ctx, __arg_nonnull and\n"
		"__arg_nullable (6.8+) widen what a global function accepts. The callee\n"
		"no longer sees the caller's bounds: it must check its own.\n"
		"\n"
		"In bpf_for / can_loop loops the index is a range and states converge,\n"
		"but each distinct state still re-verifies the body (measured: 201 vs\n"
		"107 insns for 64 bpf_for iterations; a map-updating callee was rejected\n"
		"as too complex until made global). Even the article's \"Ok\" shape\n"
		"bpf_for(i, 0, 100) { function(arr[i]); } is refused by 6.18 when\n"
		"function is a static __noinline function that writes a global (8193\n"
		"jumps; its can_loop and bpf_repeat forms hit 1,000,000 insns), and takes\n"
		"119 insns once function is global.\n"
		"\n"
		"Before (103129 insns processed on 6.18):\n"
		"    static int score(__u64 idx) { if (idx >= 64) return 0; ... }\n"
		"    for (int i = 0; i < 16; i++)\n"
		"        hot += score(i);\n"
		"After (98 insns):\n"
		"    __noinline int score(__u64 idx) { if (idx >= 64) return 0; ... }\n",
	.severity = BPF_SEV_WARNING,
	.enabled_by_default = true,
	.fix_lowers_cost = true,
	.min_kernel = KVER_GLOBAL_FUNCS,
	.cost_scope = "the called function's body accounts",
	.fix_kernels = (const struct rule_fix_kernel[]){
		{ KVER_GLOBAL_FUNCS, "a global function (verified once)",
		  "keep the loop short or call the function fewer times" },
		{ 0 } },
	.kinds = loop__kinds,
	.state_size = sizeof(struct state),
	.visit = visit,
};
