// SPDX-License-Identifier: GPL-2.0-only
/*
 * The one walk over a unit (issue 19): clang-tidy's MatchFinder adapted to
 * libclang's C API. Each enabled rule says which cursor kinds it wants
 * (rule.h); the unit is traversed once and each cursor goes to the rules
 * that want its kind. First the unit's top level: preprocessing cursors
 * are dispatched at once (and macros gathered, lint/macros.c), the
 * declarations kept unless they come from a system header or a generated
 * vmlinux*.h; then each kept declaration is walked in pre-order.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lint/internal.h"

#define WALK_KINDS 1024          /* enum CXCursorKind ends near 700 in clang 19 */

struct lint_walk {
	struct lint_ctx *ctx;
	const struct bpf_rule *rules[LINT_MAX_RULES];
	void *state[LINT_MAX_RULES];
	unsigned n;
	uint64_t want[WALK_KINDS];   /* bit i: rules[i] wants the kind */
	uint64_t want_any;           /* union of want[] over declarations */
	CXCursor *decls;             /* top-level declarations to walk */
	size_t n_decls, cap_decls;
	CXFile skip_file;            /* one-entry cache of skipped_file() */
	bool skip_verdict, skip_cached;
	CXFile pp_file;              /* one-entry cache of pp_skipped() */
	bool pp_verdict, pp_cached;
	CXCursor decl, func;
	bool reported;
	unsigned loops;
};

CXCursor lint_walk_decl(struct lint_ctx *ctx) { return ctx->walk->decl; }
bool lint_walk_reported(struct lint_ctx *ctx) { return ctx->walk->reported; }
CXCursor lint_walk_function(struct lint_ctx *ctx) { return ctx->walk->func; }
unsigned lint_walk_loops(struct lint_ctx *ctx) { return ctx->walk->loops; }

static void dispatch(struct lint_walk *w, CXCursor c, CXCursor parent, enum CXCursorKind k)
{
	uint64_t bits = (unsigned)k < WALK_KINDS ? w->want[k] : 0;

	while (bits) {
		unsigned i = (unsigned)__builtin_ctzll(bits);

		bits &= bits - 1;
		w->ctx->rule = w->rules[i];
		w->rules[i]->visit(w->ctx, c, parent, w->state[i]);
	}
}

/* A vmlinux.h (any vmlinux*.h): bpftool's dump of the kernel's types. */
static bool generated_header(CXFile f)
{
	CXString s = clang_getFileName(f);
	const char *p = clang_getCString(s), *base = p ? strrchr(p, '/') : NULL;
	size_t n;
	bool gen;

	base = base ? base + 1 : (p ? p : "");
	n = strlen(base);
	gen = !strncmp(base, "vmlinux", 7) && n > 2 && !strcmp(base + n - 2, ".h");
	clang_disposeString(s);
	return gen;
}

/* Declarations of system and generated headers are not walked. */
static bool skipped(struct lint_walk *w, CXCursor c)
{
	CXSourceLocation loc = clang_getCursorLocation(c);
	CXFile f;

	clang_getExpansionLocation(loc, &f, NULL, NULL, NULL);
	if (!f)
		return false;
	if (w->skip_cached && clang_File_isEqual(f, w->skip_file))
		return w->skip_verdict;
	w->skip_file = f;
	w->skip_cached = true;
	w->skip_verdict = (clang_Location_isInSystemHeader(loc) &&
			   !(w->ctx->main_file && clang_File_isEqual(f, w->ctx->main_file))) ||
			  generated_header(f);
	return w->skip_verdict;
}

/*
 * Preprocessing of the command line (-D: no file) and of a generated
 * header is not walked either: so a unit parsed with vmlinux.h as a
 * precompiled header (lint/pch.c), where neither is the unit's own, is
 * walked exactly as the unit parsed from source.
 */
static bool pp_skipped(struct lint_walk *w, CXCursor c)
{
	CXFile f;

	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
	if (!f)
		return true;
	if (w->pp_cached && clang_File_isEqual(f, w->pp_file))
		return w->pp_verdict;
	w->pp_file = f;
	w->pp_cached = true;
	w->pp_verdict = generated_header(f);
	return w->pp_verdict;
}

static void gather_macro(struct lint_walk *w, CXCursor c, enum CXCursorKind k)
{
	CXSourceRange r;
	unsigned off, end;

	if (k == CXCursor_MacroDefinition) {
		macros__add_definition(w->ctx->macros, c);
		return;
	}
	if (k != CXCursor_MacroExpansion || !lint_location_reported(w->ctx, clang_getCursorLocation(c)))
		return;
	r = clang_getCursorExtent(c);
	clang_getExpansionLocation(clang_getRangeStart(r), NULL, NULL, NULL, &off);
	clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &end);
	macros__add_expansion(w->ctx->macros, c, off, end);
}

static enum CXChildVisitResult top_level(CXCursor c, CXCursor parent, CXClientData d)
{
	struct lint_walk *w = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	if (k >= CXCursor_FirstPreprocessing && k <= CXCursor_LastPreprocessing) {
		if (pp_skipped(w, c))
			return CXChildVisit_Continue;
		gather_macro(w, c, k);
		dispatch(w, c, parent, k);
		return CXChildVisit_Continue;
	}
	if (skipped(w, c))
		return CXChildVisit_Continue;
	if (w->n_decls == w->cap_decls) {
		size_t cap = w->cap_decls ? 2 * w->cap_decls : 256;
		CXCursor *v = realloc(w->decls, cap * sizeof(*v));

		if (!v)
			return CXChildVisit_Break;
		w->decls = v;
		w->cap_decls = cap;
	}
	w->decls[w->n_decls++] = c;
	return CXChildVisit_Continue;
}

static bool is_loop(enum CXCursorKind k)
{
	return k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt;
}

/* Pre-order; functions and loops are walked by hand to know what encloses a cursor. */
static enum CXChildVisitResult below(CXCursor c, CXCursor parent, CXClientData d)
{
	struct lint_walk *w = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor func = w->func;
	unsigned loops = w->loops;

	dispatch(w, c, parent, k);
	if (k == CXCursor_FunctionDecl && clang_isCursorDefinition(c)) {
		w->func = c;
		w->loops = 0;
	} else if (is_loop(k)) {
		w->loops++;
	} else {
		return CXChildVisit_Recurse;
	}
	clang_visitChildren(c, below, w);
	w->func = func;
	w->loops = loops;
	return CXChildVisit_Continue;
}

static void walk_decls(struct lint_walk *w)
{
	CXCursor tu = clang_getTranslationUnitCursor(w->ctx->tu);

	for (size_t i = 0; i < w->n_decls; i++) {
		w->decl = w->decls[i];
		w->reported = lint_location_reported(w->ctx, clang_getCursorLocation(w->decl));
		w->func = clang_getNullCursor();
		w->loops = 0;
		below(w->decl, tu, w);
	}
	w->decl = clang_getNullCursor();
}

static void add_rule(struct lint_walk *w, const struct bpf_rule *r)
{
	unsigned i = w->n;

	w->state[i] = r->state_size ? calloc(1, r->state_size) : NULL;
	if (r->state_size && !w->state[i])
		return;	/* out of memory: the rule does not run */
	w->rules[w->n++] = r;
	for (const enum CXCursorKind *k = r->kinds; k && *k; k++)
		if ((unsigned)*k < WALK_KINDS)
			w->want[*k] |= 1ull << i;
}

void walk__run(struct lint_ctx *ctx, const struct bpf_rule *const *rules, unsigned n)
{
	struct lint_walk *w = calloc(1, sizeof(*w));

	ctx->macros = macros__new();
	if (!w || !ctx->macros)
		goto out;
	w->ctx = ctx;
	w->decl = w->func = clang_getNullCursor();
	for (unsigned i = 0; i < n && w->n < LINT_MAX_RULES; i++)
		add_rule(w, rules[i]);
	ctx->walk = w;
	clang_visitChildren(clang_getTranslationUnitCursor(ctx->tu), top_level, w);
	macros__seal(ctx->macros);
	walk_decls(w);
	for (unsigned i = 0; i < w->n; i++) {
		ctx->rule = w->rules[i];
		if (w->rules[i]->finish)
			w->rules[i]->finish(ctx, w->state[i]);
		free(w->state[i]);
	}
	ctx->rule = NULL;
	ctx->walk = NULL;
	free(w->decls);
out:
	free(w);
	macros__free(ctx->macros);
	ctx->macros = NULL;
}
