/* SPDX-License-Identifier: GPL-2.0-only */
#include <stdint.h>
#include <stdlib.h>
#include "rules/call_sites.h"

struct entry {
	CXCursor fn;             /* canonical declaration */
	struct call_site_info info;
};

/* Entries hashed by the canonical declaration (open addressing). */
struct call_sites {
	struct entry *v;
	size_t n, cap;           /* cap: a power of two, 0 before the first */
	bool oom;
};

static size_t slot_of(const struct call_sites *cs, CXCursor fn)
{
	size_t i = ((uintptr_t)fn.data[0] >> 4) & (cs->cap - 1);

	while (!clang_Cursor_isNull(cs->v[i].fn) && !clang_equalCursors(cs->v[i].fn, fn))
		i = (i + 1) & (cs->cap - 1);
	return i;
}

static bool grow(struct call_sites *cs)
{
	size_t cap = cs->cap ? 2 * cs->cap : 256;
	struct entry *v = malloc(cap * sizeof(*v)), *old = cs->v;
	size_t old_cap = cs->cap;

	if (!v)
		return false;
	for (size_t i = 0; i < cap; i++)
		v[i].fn = clang_getNullCursor();
	cs->v = v;
	cs->cap = cap;
	for (size_t i = 0; i < old_cap; i++)
		if (!clang_Cursor_isNull(old[i].fn))
			cs->v[slot_of(cs, old[i].fn)] = old[i];
	free(old);
	return true;
}

static struct entry *entry_of(struct call_sites *cs, CXCursor fn, CXCursor caller)
{
	size_t i;

	fn = clang_getCanonicalCursor(fn);
	if (2 * (cs->n + 1) > cs->cap && !grow(cs)) {
		cs->oom = true;
		return NULL;
	}
	i = slot_of(cs, fn);
	if (clang_Cursor_isNull(cs->v[i].fn)) {
		cs->v[i] = (struct entry){ .fn = fn, .info.caller = caller };
		cs->n++;
	}
	return &cs->v[i];
}

struct call_sites *call_sites__new(void)
{
	return calloc(1, sizeof(struct call_sites));
}

void call_sites__visit(struct call_sites *cs, struct lint_ctx *ctx, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor caller = lint_walk_function(ctx), ref;
	struct entry *e;

	if (!cs || cs->oom || clang_Cursor_isNull(caller) || !lint_walk_reported(ctx) ||
	    (k != CXCursor_CallExpr && k != CXCursor_DeclRefExpr))
		return;
	ref = clang_getCursorReferenced(c);
	if (clang_getCursorKind(ref) != CXCursor_FunctionDecl || !(e = entry_of(cs, ref, caller)))
		return;
	if (k == CXCursor_DeclRefExpr) {
		e->info.refs++;
		return;
	}
	if (!e->info.calls++)
		e->info.caller = caller;
	if (lint_walk_loops(ctx))
		e->info.in_loop = true;
}

struct call_site_info call_sites__get(const struct call_sites *cs, CXCursor fn)
{
	if (cs && !cs->oom && cs->cap) {
		size_t i = slot_of(cs, clang_getCanonicalCursor(fn));

		if (!clang_Cursor_isNull(cs->v[i].fn))
			return cs->v[i].info;
	}
	return (struct call_site_info){ .caller = clang_getNullCursor() };
}

void call_sites__free(struct call_sites *cs)
{
	if (cs)
		free(cs->v);
	free(cs);
}
