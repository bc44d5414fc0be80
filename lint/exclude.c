// SPDX-License-Identifier: GPL-2.0-only
/*
 * The config's files: (names a directory walk takes, fnmatch(3) on the
 * name) and exclude: patterns, the latter with .gitignore's meaning: a pattern
 * without a '/' matches a name at any depth, one with a '/' is anchored at
 * the config's directory, "**" spans directories, a trailing '/' matches
 * directories only, a leading '!' takes a path back in; the last pattern
 * that matches decides. fnmatch(3) matches within one path segment.
 */
#include <fnmatch.h>
#include <limits.h>
#include <stdbool.h>
#include <string.h>
#include "lint/internal.h"

/* Copy the segment at s (up to '/' or the end) into buf; its end in s. */
static const char *segment(const char *s, char *buf, size_t size)
{
	size_t n = strcspn(s, "/");

	if (n >= size)
		n = size - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	return s + strcspn(s, "/");
}

/* pat and path as '/'-separated segments; "**" matches zero or more of them. */
static bool match_segments(const char *pat, const char *path)
{
	char p[NAME_MAX + 1], q[NAME_MAX + 1];
	const char *pe, *qe;

	if (!strncmp(pat, "**", 2) && (pat[2] == '/' || !pat[2])) {
		if (!pat[2])
			return true;
		for (const char *s = path; s; s = strchr(s, '/') ? strchr(s, '/') + 1 : NULL)
			if (match_segments(pat + 3, s))
				return true;
		return false;
	}
	pe = segment(pat, p, sizeof(p));
	qe = segment(path, q, sizeof(q));
	if (fnmatch(p, q, 0))
		return false;
	if (!*pe)
		return !*qe;
	return *qe && match_segments(pe + 1, qe + 1);
}

static bool pattern_matches(const char *pat, const char *path, bool is_dir)
{
	char buf[PATH_MAX];
	size_t n = strlen(pat);
	const char *base;

	if (n && pat[n - 1] == '/') {
		if (!is_dir)
			return false;
		n--;
	}
	if (!n || n >= sizeof(buf))
		return false;
	memcpy(buf, pat, n);
	buf[n] = '\0';
	if (!strchr(buf, '/')) {
		base = strrchr(path, '/');
		return !fnmatch(buf, base ? base + 1 : path, 0);
	}
	return match_segments(buf[0] == '/' ? buf + 1 : buf, path);
}

bool config__excludes(const struct lint_file_config *c, const char *path, bool is_dir)
{
	bool out = false;

	for (size_t i = 0; i < c->exclude.n; i++) {
		const char *pat = c->exclude.v[i];
		bool negated = pat[0] == '!';

		if (pattern_matches(negated ? pat + 1 : pat, path, is_dir))
			out = !negated;
	}
	return out;
}

bool config__walk_takes(const struct lint_file_config *c, const char *name)
{
	size_t n = strlen(name);

	if (!c || !c->files.n)
		return n > 6 && !strcmp(name + n - 6, ".bpf.c");
	for (size_t i = 0; i < c->files.n; i++)
		if (!fnmatch(c->files.v[i], name, 0))
			return true;
	return false;
}
