// SPDX-License-Identifier: GPL-2.0-only
/*
 * Loop facts for the loop rules (see loop_ast.h). No state of its own:
 * the macros come from the walk's table (lint_macro_at), the file from the
 * function the walk is in.
 */
#include <stdlib.h>
#include <string.h>
#include "rules/loop_ast.h"

const enum CXCursorKind loop__kinds[] = {
	CXCursor_ForStmt, CXCursor_WhileStmt, CXCursor_DoStmt, 0
};

const char *loop__macro_at(struct lint_ctx *ctx, unsigned off)
{
	const struct lint_macro *m = lint_macro_at(ctx, off);

	return m ? m->name : NULL;
}

bool loop__macro_in(struct lint_ctx *ctx, const char *name, unsigned off,
		    unsigned end, unsigned *at)
{
	const struct lint_macro *m = lint_macro_in(ctx, name, off, end);

	if (m && at)
		*at = m->off;
	return m != NULL;
}

/* The file of the function being walked, else the main file. */
static CXFile walk_file(struct lint_ctx *ctx)
{
	CXCursor fn = lint_walk_function(ctx);
	CXFile f = NULL;

	if (!clang_Cursor_isNull(fn))
		clang_getExpansionLocation(clang_getCursorLocation(fn), &f, NULL, NULL, NULL);
	return f ? f : clang_getFile(lint_tu(ctx), lint_main_path(ctx));
}

CXSourceRange loop__range(struct lint_ctx *ctx, unsigned off, unsigned end)
{
	CXTranslationUnit tu = lint_tu(ctx);
	CXFile f = walk_file(ctx);

	return clang_getRange(clang_getLocationForOffset(tu, f, off),
			      clang_getLocationForOffset(tu, f, end));
}

/*
 * The same in the file of c's expansion location: for a declaration in
 * another file than the function being walked (a callee in a header).
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
	return clang_getFileContents(lint_tu(ctx), walk_file(ctx), len);
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
	const struct lint_macro *m = lint_macro_at(ctx, off);
	CXToken *tok;
	unsigned n, depth = 0, start = 0;
	int na = 0;

	if (!m)
		return -1;
	clang_tokenize(lint_tu(ctx), loop__range(ctx, m->off, m->end), &tok, &n);
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
	unsigned n = ast__n_children(l->stmt);
	const struct lint_macro *mac = lint_macro_at(ctx, l->off);
	const char *m = mac ? mac->name : NULL;

	l->body = ast__child(l->stmt, n - 1);
	if (m && (!strcmp(m, "bpf_for") || !strcmp(m, "bpf_repeat"))) {
		l->kind = strcmp(m, "bpf_for") ? LOOP_BPF_REPEAT : LOOP_BPF_FOR;
		l->macro = loop__range(ctx, mac->off, mac->end);
		if (l->kind == LOOP_BPF_FOR)
			l->cond = ast__child(l->stmt, n - 2);
		return true;
	}
	if (m || !parse_for_header(ctx, l, cursor__off(l->body)))
		return false;
	l->kind = LOOP_FOR;
	for (unsigned i = 0; i + 1 < n; i++) {
		CXCursor c = ast__child(l->stmt, i);
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
	l->cond = ast__child(l->stmt, k == CXCursor_WhileStmt ? 0 : 1);
	l->body = ast__child(l->stmt, k == CXCursor_WhileStmt ? 1 : 0);
	if (k == CXCursor_WhileStmt)
		l->can_loop = loop__macro_in(ctx, "can_loop", l->off, cursor__off(l->body), NULL);
	else
		l->can_loop = loop__macro_in(ctx, "can_loop", cursor__end(l->body), l->end_off, NULL);
	return true;
}

bool loop__at(struct lint_ctx *ctx, CXCursor c, CXCursor parent, struct loop *l)
{
	CXCursor fn = lint_walk_function(ctx);

	if (clang_Cursor_isNull(fn) || !lint_walk_reported(ctx))
		return false;
	memset(l, 0, sizeof(*l));
	l->stmt = c;
	l->parent = parent;
	l->func = fn;
	return fill_loop(ctx, l);
}
