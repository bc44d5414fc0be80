/* SPDX-License-Identifier: GPL-2.0-only */
#include <stdlib.h>
#include "rules/call_sites.h"

struct entry {
	CXCursor fn;             /* canonical declaration */
	struct call_site_info info;
};

struct call_sites {
	struct entry *v;
	size_t n, cap;
	CXCursor caller;         /* the function being walked */
	unsigned loops;          /* loop statements around the cursor */
	bool oom;
};

static struct entry *entry_of(struct call_sites *cs, CXCursor fn)
{
	fn = clang_getCanonicalCursor(fn);
	for (size_t i = 0; i < cs->n; i++)
		if (clang_equalCursors(cs->v[i].fn, fn))
			return &cs->v[i];
	if (cs->n == cs->cap) {
		size_t cap = cs->cap ? cs->cap * 2 : 64;
		struct entry *v = realloc(cs->v, cap * sizeof(*v));

		if (!v) {
			cs->oom = true;
			return NULL;
		}
		cs->v = v;
		cs->cap = cap;
	}
	cs->v[cs->n] = (struct entry){ .fn = fn, .info.caller = cs->caller };
	return &cs->v[cs->n++];
}

static bool is_loop(enum CXCursorKind k)
{
	return k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt;
}

static enum CXChildVisitResult in_body(CXCursor c, CXCursor parent, CXClientData d)
{
	struct call_sites *cs = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor ref;
	struct entry *e;

	(void)parent;
	if (is_loop(k)) {
		cs->loops++;
		clang_visitChildren(c, in_body, cs);
		cs->loops--;
		return CXChildVisit_Continue;
	}
	if (k != CXCursor_CallExpr && k != CXCursor_DeclRefExpr)
		return CXChildVisit_Recurse;
	ref = clang_getCursorReferenced(c);
	if (clang_getCursorKind(ref) != CXCursor_FunctionDecl || !(e = entry_of(cs, ref)))
		return CXChildVisit_Recurse;
	if (k == CXCursor_DeclRefExpr) {
		e->info.refs++;
		return CXChildVisit_Recurse;
	}
	if (!e->info.calls++)
		e->info.caller = cs->caller;
	if (cs->loops)
		e->info.in_loop = true;
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult top(CXCursor c, CXCursor parent, CXClientData d)
{
	struct call_sites *cs = *(struct call_sites **)d;
	struct lint_ctx *ctx = ((void **)d)[1];

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl || !clang_isCursorDefinition(c) ||
	    !lint_location_reported(ctx, clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	cs->caller = c;
	cs->loops = 0;
	clang_visitChildren(c, in_body, cs);
	return cs->oom ? CXChildVisit_Break : CXChildVisit_Continue;
}

struct call_sites *call_sites__new(struct lint_ctx *ctx)
{
	struct call_sites *cs = calloc(1, sizeof(*cs));
	void *arg[2] = { cs, ctx };

	if (!cs)
		return NULL;
	clang_visitChildren(clang_getTranslationUnitCursor(lint_tu(ctx)), top, arg);
	if (cs->oom) {
		call_sites__free(cs);
		return NULL;
	}
	return cs;
}

struct call_site_info call_sites__get(const struct call_sites *cs, CXCursor fn)
{
	CXCursor canon = clang_getCanonicalCursor(fn);

	for (size_t i = 0; cs && i < cs->n; i++)
		if (clang_equalCursors(cs->v[i].fn, canon))
			return cs->v[i].info;
	return (struct call_site_info){ .caller = clang_getNullCursor() };
}

void call_sites__free(struct call_sites *cs)
{
	if (cs)
		free(cs->v);
	free(cs);
}
