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

#define MIN_KERNEL KVER_ITER_NUM
#define MAX_RETURNS 32

#define MAX_EDITS 128

/* One piece of the callback body to replace: a return, or a renamed parameter. */
struct body_edit {
	unsigned off, end;
	const char *text;
};

struct cb_scan {
	unsigned n, depth, bad;
	CXCursor ret[MAX_RETURNS];
	long long val[MAX_RETURNS];
	CXCursor parm[2];        /* the index and the context */
	const char *rename[2];   /* their names in the caller, or NULL: unchanged */
	struct body_edit edit[MAX_EDITS];
	unsigned n_edits;
	unsigned body_start, body_end;
	bool ctx_used, renamed_in_macro;
};

/* A use of a renamed parameter: its identifier becomes the caller's name. */
static void rename_use(struct cb_scan *s, CXCursor c, int which)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile sf, ef;
	unsigned so, eo;

	clang_getSpellingLocation(clang_getRangeStart(r), &sf, NULL, NULL, &so);
	clang_getExpansionLocation(clang_getRangeStart(r), &ef, NULL, NULL, &eo);
	/* spelled in a macro's body: the text to edit is not in the callback */
	if (so != eo || !sf || !ef || !clang_File_isEqual(sf, ef) || so < s->body_start ||
	    so >= s->body_end || s->n_edits >= MAX_EDITS) {
		s->renamed_in_macro = true;
		return;
	}
	s->edit[s->n_edits++] = (struct body_edit){ so, lint_offset(clang_getRangeEnd(r)),
						    s->rename[which] };
}

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
	for (int w = 0; k == CXCursor_DeclRefExpr && w < 2; w++) {
		if (!ast__same_decl(clang_getCursorReferenced(c), s->parm[w]))
			continue;
		s->ctx_used |= w == 1;
		if (s->rename[w])
			rename_use(s, c, w);
	}
	if (k != CXCursor_ReturnStmt)
		return CXChildVisit_Recurse;
	ev = ast__n_children(c) ? clang_Cursor_Evaluate(ast__first_child(c)) : NULL;
	if (s->depth || !ev || clang_EvalResult_getKind(ev) != CXEval_Int || s->n >= MAX_RETURNS ||
	    clang_EvalResult_getAsLongLong(ev) < 0 || clang_EvalResult_getAsLongLong(ev) > 1) {
		s->bad++;
	} else {
		s->val[s->n] = clang_EvalResult_getAsLongLong(ev);
		s->ret[s->n++] = c;
		if (s->n_edits < MAX_EDITS)
			s->edit[s->n_edits++] = (struct body_edit){
				lint_offset(clang_getRangeStart(clang_getCursorExtent(c))),
				lint_offset(clang_getRangeEnd(clang_getCursorExtent(c))),
				s->val[s->n - 1] ? "break" : "continue" };
		else
			s->bad++;
	}
	if (ev)
		clang_EvalResult_dispose(ev);
	return CXChildVisit_Continue;
}

static int by_off(const void *a, const void *b)
{
	const struct body_edit *x = a, *y = b;

	return (x->off > y->off) - (x->off < y->off);
}

/* The callback body with returns turned into continue/break and the
 * renamed parameters in the caller's names (malloc'd). */
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
	qsort(s->edit, s->n_edits, sizeof(s->edit[0]), by_off);
	cap = (end - start) + 1;
	for (unsigned i = 0; i < s->n_edits; i++)
		cap += strlen(s->edit[i].text);
	out = malloc(cap);
	for (unsigned i = 0; out && i < s->n_edits; i++) {
		if (s->edit[i].off < at || s->edit[i].end > end) {
			free(out);	/* overlapping: a return naming a parameter */
			return NULL;
		}
		used += snprintf(out + used, cap - used, "%.*s%s", (int)(s->edit[i].off - at),
				 text + at, s->edit[i].text);
		at = s->edit[i].end;
	}
	if (out)
		snprintf(out + used, cap - used, "%.*s", (int)(end - at), text + at);
	return out;
}

static char *decl_text(CXCursor parm, const char *name, const char *init)
{
	char *type = ast__type_name(clang_getCursorType(parm)), *out = NULL;

	/* "void *" + "ctx" reads "void *ctx", "__u32" + "i" reads "__u32 i". */
	const char *sep = type && type[0] && type[strlen(type) - 1] == '*' ? "" : " ";

	if (type && name && asprintf(&out, init ? "%s%s%s = %s;\n" : "%s%s%s;\n", type, sep,
				     name, init) < 0)
		out = NULL;
	free(type);
	return out;
}

/* Names spelled somewhere: the identifiers a new declaration must not take. */
struct names {
	char **v;
	size_t n;
};

static bool names_has(const struct names *ns, const char *name)
{
	for (size_t i = 0; i < ns->n; i++)
		if (!strcmp(ns->v[i], name))
			return true;
	return false;
}

static void names_add(struct names *ns, const char *name)
{
	char **v;

	if (names_has(ns, name) || !(v = realloc(ns->v, (ns->n + 1) * sizeof(*v))))
		return;
	ns->v = v;
	if ((v[ns->n] = strdup(name)))
		ns->n++;
}

/* Every identifier token of c's extent (macro names and fields too: safe). */
static void tokens_of(struct lint_ctx *ctx, struct names *ns, CXCursor c)
{
	CXTranslationUnit tu = lint_tu(ctx);
	CXToken *toks = NULL;
	unsigned n = 0;

	clang_tokenize(tu, clang_getCursorExtent(c), &toks, &n);
	for (unsigned i = 0; i < n; i++) {
		CXString sp;

		if (clang_getTokenKind(toks[i]) != CXToken_Identifier)
			continue;
		sp = clang_getTokenSpelling(tu, toks[i]);
		names_add(ns, clang_getCString(sp));
		clang_disposeString(sp);
	}
	clang_disposeTokens(tu, toks, n);
}

struct fn_tokens {
	struct lint_ctx *ctx;
	struct names *ns;
};

static enum CXChildVisitResult child_tokens(CXCursor c, CXCursor parent, CXClientData d)
{
	struct fn_tokens *t = d;

	(void)parent;
	tokens_of(t->ctx, t->ns, c);
	return CXChildVisit_Continue;
}

/* A function's identifiers, child by child: its own extent may start in a
 * macro (SEC("xdp") int f...), which libclang will not tokenize. */
static void names_add_tokens(struct lint_ctx *ctx, struct names *ns, CXCursor fn)
{
	struct fn_tokens t = { ctx, ns };

	clang_visitChildren(fn, child_tokens, &t);
}

static void names_free(struct names *ns)
{
	for (size_t i = 0; i < ns->n; i++)
		free(ns->v[i]);
	free(ns->v);
}

/*
 * The name the loop's index or context gets in the caller: the callback's
 * own when the caller spells no such identifier, else cb_name (cb_name_2...)
 * that neither function spells. NULL if none is free.
 */
static char *fresh_name(const char *want, const char *cb, const struct names *caller,
			const struct names *both)
{
	char *out = NULL;

	if (!names_has(caller, want))
		return strdup(want);
	for (int i = 1; i < 100; i++) {
		if ((i == 1 ? asprintf(&out, "%s_%s", cb, want) :
			      asprintf(&out, "%s_%s_%d", cb, want, i)) < 0)
			return NULL;
		if (!names_has(both, out))
			return out;
		free(out);
	}
	return NULL;
}

struct outer_use {
	CXCursor cb;
	const struct names *caller_decls;
	char clash[64];
};

/* A name the callback body takes from file scope that the caller declares
 * too: inside the caller it would mean the caller's variable. */
static enum CXChildVisitResult outer_uses(CXCursor c, CXCursor parent, void *data)
{
	struct outer_use *u = data;
	CXCursor d;
	char *name;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr || u->clash[0])
		return CXChildVisit_Recurse;
	d = clang_getCursorReferenced(c);
	if (ast__same_decl(clang_getCursorSemanticParent(d), u->cb))
		return CXChildVisit_Recurse;	/* the callback's own parameter or local */
	name = ast__name(d);
	if (name && names_has(u->caller_decls, name))
		snprintf(u->clash, sizeof(u->clash), "%s", name);
	free(name);
	return u->clash[0] ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static enum CXChildVisitResult decl_names(CXCursor c, CXCursor parent, void *data)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	char *name;

	(void)parent;
	if ((k == CXCursor_VarDecl || k == CXCursor_ParmDecl) && (name = ast__name(c))) {
		names_add(data, name);
		free(name);
	}
	return CXChildVisit_Recurse;
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

/* Names for the index and the context that clash with nothing in the caller. */
static const char *pick_names(struct lint_ctx *ctx, CXCursor caller, CXCursor cb,
			      struct cb_scan *s, char *name[2])
{
	struct names in_caller = {}, both = {}, decls = {};
	struct outer_use u = { .cb = cb, .caller_decls = &decls };
	char *cbname = ast__name(cb), *want;
	const char *why = NULL;

	names_add_tokens(ctx, &in_caller, caller);
	names_add_tokens(ctx, &both, caller);
	names_add_tokens(ctx, &both, cb);
	ast__walk_under(caller, decl_names, &decls);
	ast__walk_under(cb, outer_uses, &u);
	for (int w = 0; w < 2 && cbname; w++) {
		want = ast__name(clang_Cursor_getArgument(cb, w));
		/* an unnamed context is never used; an unnamed index cannot be */
		name[w] = !want || !want[0] ? (w ? strdup("") : NULL) :
			  fresh_name(want, cbname, &in_caller, &both);
		if (name[w] && want && strcmp(name[w], want))
			s->rename[w] = name[w];
		if (name[w])
			names_add(&both, name[w]);	/* the two must differ too */
		free(want);
	}
	if (u.clash[0]) {
		static __thread char buf[128];

		snprintf(buf, sizeof(buf), "the callback uses '%s', which the caller declares too",
			 u.clash);
		why = buf;
	} else if (!cbname || !name[0] || !name[1]) {
		why = "no free name for the loop's index or context in the caller";
	}
	free(cbname);
	names_free(&in_caller);
	names_free(&both);
	names_free(&decls);
	return why;
}

static const char *build_fix(struct lint_ctx *ctx, struct bpf_finding *f, CXCursor call,
			     CXCursor cb, CXCursor caller)
{
	struct cb_scan s = { .parm = { clang_Cursor_getArgument(cb, 0),
				       clang_Cursor_getArgument(cb, 1) } };
	CXCursor body = clang_getNullCursor();
	char *n = NULL, *arg = NULL, *idx = NULL, *cdecl = NULL, *text = NULL, *loop = NULL;
	char *name[2] = { NULL, NULL };
	const char *why;

	for (unsigned i = 0, k = ast__n_children(cb); i < k; i++)
		if (clang_getCursorKind(ast__child(cb, i)) == CXCursor_CompoundStmt)
			body = ast__child(cb, i);
	s.body_start = lint_offset(clang_getRangeStart(clang_getCursorExtent(body)));
	s.body_end = lint_offset(clang_getRangeEnd(clang_getCursorExtent(body)));
	why = pick_names(ctx, caller, cb, &s, name);
	if (!why)
		ast__walk_under(body, scan_body, &s);
	if (!why && s.bad)
		why = "the callback returns something other than 0 or 1, or returns from a nested loop";
	else if (!why && s.renamed_in_macro)
		why = "a macro in the callback names its parameter, which the caller's names force to rename";
	n = lint_range_text(ctx, clang_getCursorExtent(clang_Cursor_getArgument(call, 0)));
	arg = lint_range_text(ctx, clang_getCursorExtent(clang_Cursor_getArgument(call, 2)));
	if (!why) {
		idx = decl_text(s.parm[0], name[0], NULL);
		cdecl = !s.ctx_used ? strdup("") : arg ? decl_text(s.parm[1], name[1], arg) : NULL;
		loop = loop_body(ctx, body, &s);
	}
	if (!why && (!n || !idx || !cdecl || !loop))
		why = "the loop count, context or callback body is not plain source text";
	if (!why && asprintf(&text, "%s%sbpf_for(%s, 0, %s) %s", idx, cdecl, name[0], n, loop) >= 0) {
		f->fix.needs = BPF_NEED_BPF_FOR;
		f->fix.min_kernel = MIN_KERNEL;
		lint_fix_replace(ctx, f, with_semicolon(ctx, call), text);
	}
	free(n), free(arg), free(idx), free(cdecl), free(text), free(loop);
	free(name[0]), free(name[1]);
	return why;
}

static void report(struct lint_ctx *ctx, CXCursor call, CXCursor parent, CXCursor caller)
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
		why = build_fix(ctx, f, call, def, caller);
	if (why)
		fix_set_unfixable(&f->fix, "%s", why);
}

static void visit(struct lint_ctx *ctx, CXCursor c, CXCursor parent, void *state)
{
	(void)state;
	if (lint_walk_reported(ctx) && ast__call_is(c, "bpf_loop") &&
	    clang_Cursor_getNumArguments(c) == 4 && ast__kernel_at_least(ctx, MIN_KERNEL))
		report(ctx, c, parent, lint_walk_function(ctx));
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
	.kinds = (const enum CXCursorKind[]){ CXCursor_CallExpr, 0 },
	.visit = visit,
};
