// SPDX-License-Identifier: GPL-2.0-only
/*
 * Loop facts for the loop rules (see loop_ast.h). The macro table and the
 * current file are state valid during one loop__for_each() call: rules run
 * one at a time on one unit, and bpf-lint -j lints units on several
 * threads, so the state is per thread.
 */
#include <stdlib.h>
#include <string.h>
#include "rules/loop_ast.h"

struct expansion {
	char *name;
	unsigned off, end;
};

static _Thread_local struct {
	struct lint_ctx *ctx;
	CXFile file;              /* file of the function being walked */
	struct expansion *v;
	size_t n, cap;
} st;

static void add_expansion(CXCursor c)
{
	CXString s = clang_getCursorSpelling(c);
	struct expansion *v = st.v;

	if (st.n == st.cap) {
		st.cap = st.cap ? 2 * st.cap : 64;
		v = realloc(st.v, st.cap * sizeof(*v));
		if (!v)
			goto out;
		st.v = v;
	}
	st.v[st.n].name = strdup(clang_getCString(s));
	if (st.v[st.n].name) {
		st.v[st.n].off = cursor__off(c);
		st.v[st.n].end = cursor__end(c);
		st.n++;
	}
out:
	clang_disposeString(s);
}

static void free_expansions(void)
{
	for (size_t i = 0; i < st.n; i++)
		free(st.v[i].name);
	free(st.v);
	st.v = NULL;
	st.n = st.cap = 0;
}

const char *loop__macro_at(struct lint_ctx *ctx, unsigned off)
{
	(void)ctx;
	for (size_t i = 0; i < st.n; i++)
		if (st.v[i].off == off)
			return st.v[i].name;
	return NULL;
}

bool loop__macro_in(struct lint_ctx *ctx, const char *name, unsigned off,
		    unsigned end, unsigned *at)
{
	(void)ctx;
	for (size_t i = 0; i < st.n; i++)
		if (st.v[i].off >= off && st.v[i].off < end && !strcmp(st.v[i].name, name)) {
			if (at)
				*at = st.v[i].off;
			return true;
		}
	return false;
}

CXSourceRange loop__range(struct lint_ctx *ctx, unsigned off, unsigned end)
{
	CXTranslationUnit tu = lint_tu(ctx);

	return clang_getRange(clang_getLocationForOffset(tu, st.file, off),
			      clang_getLocationForOffset(tu, st.file, end));
}

/*
 * The same in the file of c's expansion location: for code outside a loop
 * pass (st.file is only valid inside one) or in another file than the loop.
 */
CXSourceRange loop__range_at(struct lint_ctx *ctx, CXCursor c, unsigned off, unsigned end)
{
	CXTranslationUnit tu = lint_tu(ctx);
	CXFile file;

	clang_getExpansionLocation(clang_getCursorLocation(c), &file, NULL, NULL, NULL);
	return clang_getRange(clang_getLocationForOffset(tu, file, off),
			      clang_getLocationForOffset(tu, file, end));
}

static const char *file_text(struct lint_ctx *ctx, size_t *len)
{
	return clang_getFileContents(lint_tu(ctx), st.file, len);
}

char *loop__text(struct lint_ctx *ctx, unsigned off, unsigned end)
{
	size_t len;
	const char *t = file_text(ctx, &len);

	if (!t || end > len || off > end)
		return NULL;
	while (off < end && t[off] && strchr(" \t\r\n", t[off]))
		off++;
	while (end > off && t[end - 1] && strchr(" \t\r\n", t[end - 1]))
		end--;
	return strndup(t + off, end - off);
}

char *loop__indent(struct lint_ctx *ctx, unsigned off)
{
	size_t len, s, e;
	const char *t = file_text(ctx, &len);

	if (!t || off > len)
		return strdup("");
	s = off;
	while (s > 0 && t[s - 1] != '\n')
		s--;
	e = s;
	while (e < len && (t[e] == ' ' || t[e] == '\t'))
		e++;
	return strndup(t + s, e - s);
}

void loop__whole_lines(struct lint_ctx *ctx, unsigned *off, unsigned *end)
{
	size_t len, s = *off, e = *end;
	const char *t = file_text(ctx, &len);

	if (!t || e > len)
		return;
	while (s > 0 && (t[s - 1] == ' ' || t[s - 1] == '\t'))
		s--;
	while (e < len && (t[e] == ' ' || t[e] == '\t' || t[e] == '\r'))
		e++;
	if ((s == 0 || t[s - 1] == '\n') && (e == len || t[e] == '\n')) {
		*off = (unsigned)s;
		*end = (unsigned)(e < len ? e + 1 : e);
	} else if (s < *off && *end < len && (t[*end] == ' ' || t[*end] == '\t')) {
		*off = (unsigned)s;	/* "a; i++; }" loses " i++;", not "i++;" */
	}
}

int loop__macro_args(struct lint_ctx *ctx, unsigned off, char **args, int max)
{
	size_t i;
	CXToken *tok;
	unsigned n, depth = 0, start = 0;
	int na = 0;

	for (i = 0; i < st.n && st.v[i].off != off; i++)
		;
	if (i == st.n)
		return -1;
	clang_tokenize(lint_tu(ctx), loop__range(ctx, st.v[i].off, st.v[i].end), &tok, &n);
	for (unsigned k = 0; k < n && na < max; k++) {
		CXString s = clang_getTokenSpelling(lint_tu(ctx), tok[k]);
		const char *p = clang_getCString(s);
		unsigned o;

		clang_getExpansionLocation(clang_getTokenLocation(lint_tu(ctx), tok[k]),
					   NULL, NULL, NULL, &o);
		if (!strcmp(p, "(") && depth++ == 0) {
			start = o + 1;
		} else if (!strcmp(p, ")") && --depth == 0) {
			args[na++] = loop__text(ctx, start, o);
			clang_disposeString(s);
			break;
		} else if (!strcmp(p, ",") && depth == 1) {
			args[na++] = loop__text(ctx, start, o);
			start = o + 1;
		}
		clang_disposeString(s);
	}
	clang_disposeTokens(lint_tu(ctx), tok, n);
	return na;
}

/* Offsets of '(' ';' ';' ')' in a plain for header [off, end). */
static bool parse_for_header(struct lint_ctx *ctx, struct loop *l, unsigned end)
{
	CXToken *tok;
	unsigned n, depth = 0, semis = 0;
	bool done = false;

	clang_tokenize(lint_tu(ctx), loop__range(ctx, l->off, end), &tok, &n);
	for (unsigned k = 0; k < n && !done; k++) {
		CXString s = clang_getTokenSpelling(lint_tu(ctx), tok[k]);
		const char *p = clang_getCString(s);
		unsigned o;

		clang_getExpansionLocation(clang_getTokenLocation(lint_tu(ctx), tok[k]),
					   NULL, NULL, NULL, &o);
		if (!strcmp(p, "(") && depth++ == 0)
			l->lparen = o;
		else if (!strcmp(p, ")") && --depth == 0)
			l->rparen = o, done = true;
		else if (!strcmp(p, ";") && depth == 1)
			*(semis++ ? &l->semi2 : &l->semi1) = o;
		clang_disposeString(s);
	}
	clang_disposeTokens(lint_tu(ctx), tok, n);
	return done && semis == 2;
}

/* Fill l's parts from a ForStmt; false for a for from another macro. */
static bool fill_for(struct lint_ctx *ctx, struct loop *l)
{
	unsigned n = cursor__n_children(l->stmt);
	const char *m = loop__macro_at(ctx, l->off);

	l->body = cursor__child(l->stmt, n - 1);
	if (m && (!strcmp(m, "bpf_for") || !strcmp(m, "bpf_repeat"))) {
		l->kind = strcmp(m, "bpf_for") ? LOOP_BPF_REPEAT : LOOP_BPF_FOR;
		for (size_t i = 0; i < st.n; i++)
			if (st.v[i].off == l->off)
				l->macro = loop__range(ctx, st.v[i].off, st.v[i].end);
		if (l->kind == LOOP_BPF_FOR)
			l->cond = cursor__child(l->stmt, n - 2);
		return true;
	}
	if (m || !parse_for_header(ctx, l, cursor__off(l->body)))
		return false;
	l->kind = LOOP_FOR;
	for (unsigned i = 0; i + 1 < n; i++) {
		CXCursor c = cursor__child(l->stmt, i);
		unsigned o = cursor__off(c);

		if (o < l->semi1)
			l->init = c;
		else if (o < l->semi2)
			l->cond = c;
		else
			l->inc = c;
	}
	l->can_loop = loop__macro_in(ctx, "can_loop", l->semi1, l->semi2, NULL);
	return true;
}

static bool fill_loop(struct lint_ctx *ctx, struct loop *l)
{
	enum CXCursorKind k = clang_getCursorKind(l->stmt);

	l->off = cursor__off(l->stmt);
	l->end_off = cursor__end(l->stmt);
	l->init = l->cond = l->inc = l->body = clang_getNullCursor();
	if (k == CXCursor_ForStmt)
		return fill_for(ctx, l);
	if (loop__macro_at(ctx, l->off))
		return false;	/* a while/do written inside some macro */
	l->kind = k == CXCursor_WhileStmt ? LOOP_WHILE : LOOP_DO;
	l->cond = cursor__child(l->stmt, k == CXCursor_WhileStmt ? 0 : 1);
	l->body = cursor__child(l->stmt, k == CXCursor_WhileStmt ? 1 : 0);
	if (k == CXCursor_WhileStmt)
		l->can_loop = loop__macro_in(ctx, "can_loop", l->off, cursor__off(l->body), NULL);
	else
		l->can_loop = loop__macro_in(ctx, "can_loop", cursor__end(l->body), l->end_off, NULL);
	return true;
}

struct walk {
	struct lint_ctx *ctx;
	loop_fn fn;
	void *data;
	CXCursor func;
};

static enum CXChildVisitResult visit_body(CXCursor c, CXCursor parent, CXClientData d)
{
	struct walk *w = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	struct loop l;

	if (k != CXCursor_ForStmt && k != CXCursor_WhileStmt && k != CXCursor_DoStmt)
		return CXChildVisit_Recurse;
	memset(&l, 0, sizeof(l));
	l.stmt = c;
	l.parent = parent;
	l.func = w->func;
	if (fill_loop(w->ctx, &l))
		w->fn(w->ctx, &l, w->data);
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult visit_top(CXCursor c, CXCursor parent, CXClientData d)
{
	struct walk *w = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_MacroExpansion && lint_location_reported(w->ctx, clang_getCursorLocation(c)))
		add_expansion(c);
	return CXChildVisit_Continue;
}

static enum CXChildVisitResult visit_funcs(CXCursor c, CXCursor parent, CXClientData d)
{
	struct walk *w = d;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl || !clang_isCursorDefinition(c) ||
	    !lint_location_reported(w->ctx, clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	clang_getExpansionLocation(clang_getCursorLocation(c), &st.file, NULL, NULL, NULL);
	w->func = c;
	clang_visitChildren(c, visit_body, w);
	return CXChildVisit_Continue;
}

void loop__for_each(struct lint_ctx *ctx, loop_fn fn, void *data)
{
	struct walk w = { .ctx = ctx, .fn = fn, .data = data };
	CXCursor tu = clang_getTranslationUnitCursor(lint_tu(ctx));

	st.ctx = ctx;
	clang_visitChildren(tu, visit_top, &w);
	clang_visitChildren(tu, visit_funcs, &w);
	free_expansions();
	st.ctx = NULL;
	st.file = NULL;	/* it dies with this unit: never used after the pass */
}
