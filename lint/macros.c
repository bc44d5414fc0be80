// SPDX-License-Identifier: GPL-2.0-only
/*
 * The unit's macros, gathered once by the walk (lint/walk.c) for every
 * rule: expansions at reported locations sorted by offset, and
 * definitions by name. Rules used to rebuild the first per pass and to
 * find a definition by visiting the whole unit per lookup (issue 19).
 */
#include <stdlib.h>
#include <string.h>
#include "lint/internal.h"

struct macro_def {
	char *name;              /* NULL: empty slot */
	CXCursor def;
};

struct lint_macros {
	struct lint_macro *exp;  /* sorted by off once the walk's first phase ends */
	size_t n_exp, cap_exp;
	struct macro_def *defs;  /* open addressing, power-of-two size */
	size_t n_defs, cap_defs;
};

struct lint_macros *macros__new(void)
{
	return calloc(1, sizeof(struct lint_macros));
}

void macros__free(struct lint_macros *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->n_exp; i++)
		free((char *)m->exp[i].name);
	for (size_t i = 0; i < m->cap_defs; i++)
		free(m->defs[i].name);
	free(m->exp);
	free(m->defs);
	free(m);
}

static size_t hash(const char *s)
{
	size_t h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static struct macro_def *slot(struct macro_def *v, size_t cap, const char *name)
{
	size_t i = hash(name) & (cap - 1);

	while (v[i].name && strcmp(v[i].name, name))
		i = (i + 1) & (cap - 1);
	return &v[i];
}

static int grow_defs(struct lint_macros *m)
{
	size_t cap = m->cap_defs ? 2 * m->cap_defs : 1024;
	struct macro_def *v = calloc(cap, sizeof(*v));

	if (!v)
		return -1;
	for (size_t i = 0; i < m->cap_defs; i++)
		if (m->defs[i].name)
			*slot(v, cap, m->defs[i].name) = m->defs[i];
	free(m->defs);
	m->defs = v;
	m->cap_defs = cap;
	return 0;
}

void macros__add_definition(struct lint_macros *m, CXCursor c)
{
	CXString s = clang_getCursorSpelling(c);
	const char *name = clang_getCString(s);
	struct macro_def *d;

	if (2 * (m->n_defs + 1) > m->cap_defs && grow_defs(m))
		goto out;
	d = slot(m->defs, m->cap_defs, name);
	if (!d->name) {	/* the first definition, as a visit of the unit finds it */
		d->name = strdup(name);
		if (!d->name)
			goto out;
		d->def = c;
		m->n_defs++;
	}
out:
	clang_disposeString(s);
}

void macros__add_expansion(struct lint_macros *m, CXCursor c, unsigned off, unsigned end)
{
	CXString s = clang_getCursorSpelling(c);
	char *name = strdup(clang_getCString(s));

	clang_disposeString(s);
	if (!name)
		return;
	if (m->n_exp == m->cap_exp) {
		size_t cap = m->cap_exp ? 2 * m->cap_exp : 256;
		struct lint_macro *v = realloc(m->exp, cap * sizeof(*v));

		if (!v) {
			free(name);
			return;
		}
		m->exp = v;
		m->cap_exp = cap;
	}
	m->exp[m->n_exp++] = (struct lint_macro){ .name = name, .off = off, .end = end };
}

/* Stable on equal offsets (insertion order), as the linear lookup was. */
static int exp_cmp(const void *a, const void *b)
{
	const struct lint_macro *x = a, *y = b;

	if (x->off != y->off)
		return x->off < y->off ? -1 : 1;
	return x < y ? -1 : x > y;
}

void macros__seal(struct lint_macros *m)
{
	bool sorted = true;

	for (size_t i = 1; i < m->n_exp && sorted; i++)
		sorted = m->exp[i - 1].off <= m->exp[i].off;
	if (!sorted)
		qsort(m->exp, m->n_exp, sizeof(m->exp[0]), exp_cmp);
}

/* Index of the first expansion at or after off. */
static size_t lower_bound(const struct lint_macros *m, unsigned off)
{
	size_t lo = 0, hi = m->n_exp;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (m->exp[mid].off < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

const struct lint_macro *lint_macro_at(struct lint_ctx *ctx, unsigned off)
{
	struct lint_macros *m = ctx->macros;
	size_t i = m ? lower_bound(m, off) : 0;

	return m && i < m->n_exp && m->exp[i].off == off ? &m->exp[i] : NULL;
}

const struct lint_macro *lint_macro_in(struct lint_ctx *ctx, const char *name,
				       unsigned off, unsigned end)
{
	struct lint_macros *m = ctx->macros;

	for (size_t i = m ? lower_bound(m, off) : 0; m && i < m->n_exp && m->exp[i].off < end; i++)
		if (!strcmp(m->exp[i].name, name))
			return &m->exp[i];
	return NULL;
}

CXCursor lint_macro_definition(struct lint_ctx *ctx, const char *name)
{
	struct lint_macros *m = ctx->macros;
	struct macro_def *d;

	if (!m || !m->cap_defs)
		return clang_getNullCursor();
	d = slot(m->defs, m->cap_defs, name);
	return d->name ? d->def : clang_getNullCursor();
}
