// SPDX-License-Identifier: GPL-2.0-only
/* Fixes over several files, chosen as one (see fileset.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "rewrite/fileset.h"

static bool same_path(const char *a, const char *b)
{
	struct stat sa, sb;

	return !strcmp(a, b) || (!stat(a, &sa) && !stat(b, &sb) &&
				 sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino);
}

static bool same_fix(const struct bpf_finding *a, const struct bpf_finding *b)
{
	if (strcmp(a->rule, b->rule) || a->fix.n_edits != b->fix.n_edits)
		return false;
	for (size_t i = 0; i < a->fix.n_edits; i++) {
		const struct bpf_edit *x = &a->fix.edits[i], *y = &b->fix.edits[i];

		if (x->offset != y->offset || x->length != y->length ||
		    strcmp(x->text, y->text) || !same_path(x->file, y->file))
			return false;
	}
	return true;
}

int fix_fileset__add(struct fix_fileset *s, const struct bpf_finding *f)
{
	struct bpf_finding *v;

	for (size_t i = 0; i < s->cands.n; i++)
		if (same_fix(&s->cands.v[i], f))
			return 0;
	v = realloc(s->cands.v, (s->cands.n + 1) * sizeof(*v));
	if (!v)
		return -ENOMEM;
	s->cands.v = v;
	v[s->cands.n++] = *f;	/* shallow: the strings stay the unit's */
	return 0;
}

const char **fix_fileset__paths(const struct fix_fileset *s, size_t *n)
{
	size_t cap = 1;
	const char **v;

	for (size_t i = 0; i < s->cands.n; i++)
		cap += s->cands.v[i].fix.n_edits;
	v = calloc(cap, sizeof(*v));
	*n = 0;
	for (size_t i = 0; v && i < s->cands.n; i++) {
		const struct bpf_fix *fix = &s->cands.v[i].fix;

		for (size_t j = 0; j < fix->n_edits; j++) {
			size_t k = 0;

			while (k < *n && !same_path(v[k], fix->edits[j].file))
				k++;
			if (k == *n)
				v[(*n)++] = fix->edits[j].file;
		}
	}
	return v;
}

int fix_fileset__plan(struct fix_fileset *s, const char *path, const char *orig,
		      size_t len, unsigned declared, unsigned target_kernel)
{
	struct fix_plan *v = realloc(s->files, (s->n_files + 1) * sizeof(*v));
	int err;

	if (!v)
		return -ENOMEM;
	s->files = v;
	s->cands.declared = declared;
	err = fix_plan__init_part(&v[s->n_files], path, orig, len, &s->cands, target_kernel);
	if (err) {
		fix_plan__free(&v[s->n_files]);
		return err;
	}
	s->n_files++;
	return 0;
}

size_t fix_fileset__n_cand(const struct fix_fileset *s)
{
	return s->n_files ? s->files[0].n_cand : 0;
}

/* A candidate every file's plan can apply: checked fine where it edits. */
static bool applicable(const struct fix_fileset *s, size_t i)
{
	bool edits_some = false;

	for (size_t f = 0; f < s->n_files; f++) {
		enum fix_status c = s->files[f].cand[i].check;

		if (c != FIX_APPLIED && c != FIX_SKIP_ELSEWHERE)
			return false;
		edits_some |= c == FIX_APPLIED;
	}
	return edits_some;
}

int fix_fileset__select(struct fix_fileset *s, const bool *allowed)
{
	size_t n = fix_fileset__n_cand(s);
	bool *ok = calloc(n ? n : 1, sizeof(*ok)), again = true;
	int err = 0;

	if (!ok)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		ok[i] = (!allowed || allowed[i]) && applicable(s, i);
	/* Plans are sorted alike (same findings): index i is one fix in all. */
	while (again && !err) {
		again = false;
		for (size_t f = 0; f < s->n_files && !err; f++)
			err = fix_plan__select(&s->files[f], ok);
		for (size_t f = 0; f < s->n_files && !err; f++)
			for (size_t i = 0; i < n; i++)
				if (ok[i] && s->files[f].cand[i].status == FIX_SKIP_CONFLICT) {
					ok[i] = false;
					again = true;
				}
	}
	free(ok);
	return err;
}

bool fix_fileset__applied(const struct fix_fileset *s, size_t i)
{
	bool any = false;

	for (size_t f = 0; f < s->n_files; f++) {
		enum fix_status st = s->files[f].cand[i].status;

		if (st != FIX_APPLIED && st != FIX_SKIP_ELSEWHERE)
			return false;
		any |= st == FIX_APPLIED;
	}
	return any;
}

bool fix_fileset__changed(const struct fix_fileset *s)
{
	for (size_t f = 0; f < s->n_files; f++)
		if (fix_plan__changed(&s->files[f]))
			return true;
	return false;
}

void fix_fileset__free(struct fix_fileset *s)
{
	for (size_t f = 0; f < s->n_files; f++)
		fix_plan__free(&s->files[f]);
	free(s->files);
	free(s->cands.v);	/* shallow copies: the findings own their strings */
	memset(s, 0, sizeof(*s));
}
