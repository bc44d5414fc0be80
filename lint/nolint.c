/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Suppression comments with clang-tidy's semantics: NOLINT, NOLINTNEXTLINE,
 * NOLINTBEGIN/NOLINTEND, each with an optional (glob,list); bare = all.
 */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include "lint/internal.h"

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

bool lint__globs_apply(const char *list, size_t len, const char *id, bool dflt)
{
	bool on = dflt;
	size_t i = 0;

	while (i < len) {
		size_t j = i, a, b;
		bool neg = false;
		char glob[128];

		while (j < len && list[j] != ',')
			j++;
		a = i;
		b = j;
		while (a < b && is_space(list[a]))
			a++;
		while (b > a && is_space(list[b - 1]))
			b--;
		if (a < b && list[a] == '-') {
			neg = true;
			a++;
		}
		if (a < b && b - a < sizeof(glob)) {
			memcpy(glob, list + a, b - a);
			glob[b - a] = '\0';
			if (fnmatch(glob, id, 0) == 0)
				on = !neg;
		}
		i = j + 1;
	}
	return on;
}

bool nolint__list_matches(const char *list, size_t len, const char *id)
{
	return lint__globs_apply(list, len, id, false);
}

enum marker { M_SAME, M_NEXT, M_BEGIN, M_END };

struct directive {
	enum marker kind;
	const char *list;        /* inside the parentheses, or NULL: all rules */
	size_t len;
};

static bool ident_char(char c)
{
	return c == '_' || (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z');
}

/* Parse the directive at p ("NOLINT..."); false if it is not one. */
static bool parse_directive(const char *p, const char *eol, struct directive *d)
{
	static const struct { const char *s; enum marker k; } kinds[] = {
		{ "NOLINTNEXTLINE", M_NEXT }, { "NOLINTBEGIN", M_BEGIN },
		{ "NOLINTEND", M_END }, { "NOLINT", M_SAME },
	};
	const char *q = NULL;

	for (size_t i = 0; i < 4 && !q; i++) {
		size_t n = strlen(kinds[i].s);

		if ((size_t)(eol - p) >= n && memcmp(p, kinds[i].s, n) == 0) {
			q = p + n;
			d->kind = kinds[i].k;
		}
	}
	if (!q || (q < eol && ident_char(*q)))
		return false;
	d->list = NULL;
	d->len = 0;
	if (q < eol && *q == '(') {
		const char *close = memchr(q, ')', eol - q);

		if (!close)
			return false;
		d->list = q + 1;
		d->len = close - q - 1;
	}
	return true;
}

static bool directive_covers(const struct directive *d, const char *rule)
{
	return !d->list || nolint__list_matches(d->list, d->len, rule);
}

static bool same_list(const struct directive *a, const struct directive *b)
{
	if (!a->list || !b->list)
		return !a->list && !b->list;
	return a->len == b->len && memcmp(a->list, b->list, a->len) == 0;
}

bool nolint__suppressed(const char *text, size_t len, unsigned line, const char *rule)
{
	struct directive open[32];
	size_t n_open = 0;
	const char *p = text, *end = text + len;
	bool hit = false;

	if (!memmem(text, len, "NOLINT", 6))
		return false;
	for (unsigned ln = 1; p < end && ln <= line && !hit; ln++) {
		const char *eol = memchr(p, '\n', end - p);
		const char *s = p;

		if (!eol)
			eol = end;
		while ((s = memmem(s, eol - s, "NOLINT", 6))) {
			struct directive d;

			if (s > p && ident_char(s[-1])) {
				s += 6;
				continue;
			}
			if (parse_directive(s, eol, &d)) {
				if (d.kind == M_SAME && ln == line)
					hit |= directive_covers(&d, rule);
				else if (d.kind == M_NEXT && ln + 1 == line)
					hit |= directive_covers(&d, rule);
				else if (d.kind == M_BEGIN && n_open < 32)
					open[n_open++] = d;
				else if (d.kind == M_END && ln < line) {
					/* Closes the innermost BEGIN with the same list. */
					for (size_t i = n_open; i-- > 0;) {
						if (same_list(&open[i], &d)) {
							memmove(&open[i], &open[i + 1],
								(n_open - i - 1) * sizeof(open[0]));
							n_open--;
							break;
						}
					}
				}
			}
			s += 6;
		}
		p = eol + 1;
	}
	for (size_t i = 0; i < n_open && !hit; i++)
		hit = directive_covers(&open[i], rule);
	return hit;
}
