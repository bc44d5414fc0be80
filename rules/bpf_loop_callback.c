/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * bpf-loop-callback: bpf_loop(n, cb, ctx, 0) where bpf_for (6.4) does the
 * same without a callback: the body stays in the function, sees its
 * locals directly and is verified as an open-coded iterator. Fixed when cb
 * is a static function of this file whose returns are all `return 0`
 * (continue) or `return 1` (break) outside nested loops and switches.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules/rule.h"
#include "rules/ast_util.h"

#define MIN_KERNEL KVER(6, 4)
#define MAX_RETURNS 32

struct cb_scan {
	unsigned n, depth, bad;
	CXCursor ret[MAX_RETURNS];
	long long val[MAX_RETURNS];
	CXCursor ctx_parm;
	bool ctx_used;
};

static bool is_loop_or_switch(enum CXCursorKind k)
{
	return k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt ||
	       k == CXCursor_SwitchStmt;
}

static enum CXChildVisitResult scan_body(CXCursor c, CXCursor parent, void *data)
{
	struct cb_scan *s = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXEvalResult ev;

	(void)parent;
	if (is_loop_or_switch(k)) {
		/* continue/break would bind to the inner statement: give up on returns there. */
		s->depth++;
		ast__walk_under(c, scan_body, s);
		s->depth--;
		return CXChildVisit_Continue;
	}
	if (k == CXCursor_DeclRefExpr && ast__same_decl(clang_getCursorReferenced(c), s->ctx_parm))
		s->ctx_used = true;
	if (k != CXCursor_ReturnStmt)
		return CXChildVisit_Recurse;
	ev = ast__n_children(c) ? clang_Cursor_Evaluate(ast__first_child(c)) : NULL;
	if (s->depth || !ev || clang_EvalResult_getKind(ev) != CXEval_Int || s->n >= MAX_RETURNS ||
	    clang_EvalResult_getAsLongLong(ev) < 0 || clang_EvalResult_getAsLongLong(ev) > 1) {
		s->bad++;
	} else {
		s->val[s->n] = clang_EvalResult_getAsLongLong(ev);
		s->ret[s->n++] = c;
	}
	if (ev)
		clang_EvalResult_dispose(ev);
	return CXChildVisit_Continue;
}

/* The callback body with returns turned into continue/break (malloc'd). */
static char *loop_body(struct lint_ctx *ctx, CXCursor body, struct cb_scan *s)
{
	CXSourceRange r = clang_getCursorExtent(body);
	unsigned start = lint_offset(clang_getRangeStart(r)), end = lint_offset(clang_getRangeEnd(r));
	size_t len, cap, used = 0;
	const char *text = lint_file_text(ctx, clang_getRangeStart(r), &len);
	unsigned at = start;
	char *out;

	if (!text || end > len)
		return NULL;
	cap = (end - start) + s->n * 16 + 1;
	out = malloc(cap);
	for (unsigned i = 0; out && i < s->n; i++) {
		CXSourceRange rr = clang_getCursorExtent(s->ret[i]);
		unsigned rs = lint_offset(clang_getRangeStart(rr));
		unsigned re = lint_offset(clang_getRangeEnd(rr));

		used += snprintf(out + used, cap - used, "%.*s%s", (int)(rs - at), text + at,
				 s->val[i] ? "break" : "continue");
		at = re;
	}
	if (out)
		snprintf(out + used, cap - used, "%.*s", (int)(end - at), text + at);
	return out;
}

static char *decl_text(CXCursor parm, const char *init)
{
	char *type = ast__type_name(clang_getCursorType(parm)), *name = ast__name(parm), *out = NULL;

	/* "void *" + "ctx" reads "void *ctx", "__u32" + "i" reads "__u32 i". */
	const char *sep = type && type[0] && type[strlen(type) - 1] == '*' ? "" : " ";

	if (type && name && asprintf(&out, init ? "%s%s%s = %s;\n" : "%s%s%s;\n", type, sep,
				     name, init) < 0)
		out = NULL;
	free(type);
	free(name);
	return out;
}

/*
 * The call statement with its ';': bpf_for(...) { } is a statement of its
 * own, and a ';' left after its block is a stray empty statement.
 */
static CXSourceRange with_semicolon(struct lint_ctx *ctx, CXCursor call)
{
	CXSourceRange r = clang_getCursorExtent(call);
	CXSourceLocation end = clang_getRangeEnd(r);
	CXFile file;
	unsigned e, line, col;
	size_t len;
	const char *t = lint_file_text(ctx, end, &len);

	clang_getSpellingLocation(end, &file, &line, &col, &e);
	while (t && e < len && (t[e] == ' ' || t[e] == '\t'))
		e++;
	if (!t || e >= len || t[e] != ';')
		return r;
	return clang_getRange(clang_getRangeStart(r),
			      clang_getLocationForOffset(lint_tu(ctx), file, e + 1));
}

static const char *build_fix(struct lint_ctx *ctx, struct bpf_finding *f, CXCursor call,
			     CXCursor cb)
{
	struct cb_scan s = { .ctx_parm = clang_Cursor_getArgument(cb, 1) };
	CXCursor body = clang_getNullCursor();
	char *n = NULL, *arg = NULL, *idx = NULL, *cdecl = NULL, *text = NULL, *loop = NULL;
	char *iname = ast__name(clang_Cursor_getArgument(cb, 0));
	const char *why = NULL;

	for (unsigned i = 0, k = ast__n_children(cb); i < k; i++)
		if (clang_getCursorKind(ast__child(cb, i)) == CXCursor_CompoundStmt)
			body = ast__child(cb, i);
	ast__walk_under(body, scan_body, &s);
	if (s.bad)
		why = "the callback returns something other than 0 or 1, or returns from a nested loop";
	n = lint_range_text(ctx, clang_getCursorExtent(clang_Cursor_getArgument(call, 0)));
	arg = lint_range_text(ctx, clang_getCursorExtent(clang_Cursor_getArgument(call, 2)));
	idx = decl_text(clang_Cursor_getArgument(cb, 0), NULL);
	cdecl = !s.ctx_used ? strdup("") : arg ? decl_text(s.ctx_parm, arg) : NULL;
	loop = why ? NULL : loop_body(ctx, body, &s);
	if (!why && (!n || !idx || !cdecl || !iname || !loop))
		why = "the loop count, context or callback body is not plain source text";
	if (!why && asprintf(&text, "%s%sbpf_for(%s, 0, %s) %s", idx, cdecl, iname, n, loop) >= 0) {
		f->fix.needs = BPF_NEED_BPF_FOR;
		f->fix.min_kernel = MIN_KERNEL;
		lint_fix_replace(ctx, f, with_semicolon(ctx, call), text);
	}
	free(n), free(arg), free(idx), free(cdecl), free(text), free(loop), free(iname);
	return why;
}

static void report(struct lint_ctx *ctx, CXCursor call, CXCursor parent)
{
	CXCursor cb = ast__ref_decl(ast__strip_casts(clang_Cursor_getArgument(call, 1)));
	CXCursor def = clang_getCursorDefinition(cb);
	CXEvalResult flags = clang_Cursor_Evaluate(clang_Cursor_getArgument(call, 3));
	bool zero = flags && clang_EvalResult_getKind(flags) == CXEval_Int &&
		    clang_EvalResult_getAsLongLong(flags) == 0;
	const char *why = NULL;
	struct bpf_finding *f;

	if (flags)
		clang_EvalResult_dispose(flags);
	f = lint_report(ctx, clang_getCursorExtent(call),
			"write this bpf_loop() as bpf_for(i, 0, n) { ... }: the body stays in "
			"the function with its locals and is verified once as an open-coded "
			"iterator, without a callback");
	if (!f)
		return;
	if (clang_getCursorKind(parent) != CXCursor_CompoundStmt)
		why = "its result is used, or it is not a statement of its own";
	else if (!zero)
		why = "the flags argument is not 0";
	else if (clang_getCursorKind(def) != CXCursor_FunctionDecl ||
		 clang_Cursor_getStorageClass(def) != CX_SC_Static ||
		 clang_Cursor_getNumArguments(def) != 2 ||
		 !lint_location_reported(ctx, clang_getCursorLocation(def)))
		why = "the callback is not a static two-argument function of this file";
	else
		why = build_fix(ctx, f, call, def);
	if (why)
		fix_set_unfixable(&f->fix, "%s", why);
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, void *data)
{
	if (clang_getCursorKind(c) == CXCursor_CallExpr && ast__call_is(c, "bpf_loop") &&
	    clang_Cursor_getNumArguments(c) == 4)
		report(data, c, parent);
	return CXChildVisit_Recurse;
}

static void check(struct lint_ctx *ctx)
{
	if (ast__kernel_at_least(ctx, MIN_KERNEL))
		ast__walk(ctx, visit, ctx);
}

const struct bpf_rule rule_bpf_loop_callback = {
	.id = "bpf-loop-callback",
	.summary = "bpf_loop() with a callback where bpf_for() would do",
	.explanation =
	"bpf_loop(n, cb, ctx, 0) (5.17) runs a callback n times. The body lives in\n"
	"another function, so everything it needs travels through a context\n"
	"struct, and returning 1 to stop is easy to get wrong. Since Linux 6.4\n"
	"the open-coded iterator bpf_for(i, 0, n) keeps the body in place: it\n"
	"sees the function's locals, uses break and continue, and the verifier\n"
	"checks it once as an iterator loop (it converges like bpf_loop's\n"
	"callback, without the callback frame).\n"
	"\n"
	"Before:\n"
	"    static int add_one(__u32 i, void *ctx)\n"
	"    {\n"
	"        struct acc *a = ctx;\n"
	"        if (i >= 64)\n"
	"            return 1;\n"
	"        a->sum += vals[i];\n"
	"        return 0;\n"
	"    }\n"
	"    bpf_loop(64, add_one, &acc, 0);\n"
	"After:\n"
	"    __u32 i;\n"
	"    void *ctx = &acc;\n"
	"    bpf_for(i, 0, 64) {\n"
	"        struct acc *a = ctx;\n"
	"        if (i >= 64)\n"
	"            break;\n"
	"        a->sum += vals[i];\n"
	"        continue;\n"
	"    }\n"
	"\n"
	"Fixed when the callback is a static function of the file whose returns\n"
	"are constants 0 or 1 outside nested loops, and the call is a statement\n"
	"with flags 0. The callback itself is left in place (delete it once\n"
	"unused). Not reported when the target kernel is older than 6.4.\n",
	.severity = BPF_SEV_WARNING,
	.enabled_by_default = true,
	.fix_lowers_cost = true,
	.min_kernel = MIN_KERNEL,
	.cost_scope = "this loop accounts",
	.check = check,
};
