/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Findings in a file several units include (a project header, an included
 * .bpf.c piece): reported once, with a note naming the files they affect.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "lint/finding.h"

#define INCLUDED_BY "this file is included by "

static bool same_path(const char *a, const char *b)
{
	char ra[PATH_MAX], rb[PATH_MAX];

	if (!strcmp(a, b))
		return true;
	return realpath(a, ra) && realpath(b, rb) && !strcmp(ra, rb);
}

static struct bpf_finding *held_twin(struct bpf_findings *held, const struct bpf_finding *f)
{
	for (size_t i = 0; i < held->n; i++) {
		struct bpf_finding *h = &held->v[i];

		if (h->offset == f->offset && !strcmp(h->rule, f->rule) &&
		    same_path(h->file, f->file))
			return h;
	}
	return NULL;
}

/* The last note of h names the units: add unit to it. */
static int note_unit(struct bpf_finding *h, const char *unit, bool first)
{
	char *n, *old;

	if (first)
		return finding_add_note(h, INCLUDED_BY "%s", unit);
	old = h->notes[h->n_notes - 1];
	if (strstr(old, unit))	/* the same file given twice */
		return 0;
	n = malloc(strlen(old) + strlen(unit) + 3);
	if (!n)
		return -ENOMEM;
	strcpy(n, old);
	strcat(n, ", ");
	strcat(n, unit);
	free(old);
	h->notes[h->n_notes - 1] = n;
	return 0;
}

static void finding_release(struct bpf_finding *f)
{
	struct bpf_findings one = { .v = f, .n = 1, .cap = 1 };
	struct bpf_finding *copy = malloc(sizeof(*copy));

	/* findings_free frees the array: hand it a copy of its own */
	if (!copy)
		return;
	*copy = *f;
	one.v = copy;
	findings_free(&one);
}

int findings_hold_shared(struct bpf_findings *held, struct bpf_findings *unit,
			 const char *unit_path)
{
	size_t keep = 0;
	int err = 0;

	for (size_t i = 0; i < unit->n; i++) {
		struct bpf_finding *f = &unit->v[i], *h;

		if (!f->file || !strcmp(f->file, unit_path)) {
			unit->v[keep++] = *f;
			continue;
		}
		h = held_twin(held, f);
		if (h) {
			err = err ? err : note_unit(h, unit_path, false);
			finding_release(f);
			continue;
		}
		h = findings_add(held);
		if (!h) {
			finding_release(f);
			err = -ENOMEM;
			continue;
		}
		*h = *f;
		err = err ? err : note_unit(h, unit_path, true);
	}
	unit->n = keep;
	return err;
}
