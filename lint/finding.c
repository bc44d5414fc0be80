/* SPDX-License-Identifier: GPL-2.0-only */
/* The finding list: growth, notes, edits, order, release. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lint/finding.h"

struct bpf_finding *findings_add(struct bpf_findings *list)
{
	if (list->n == list->cap) {
		size_t cap = list->cap ? list->cap * 2 : 8;
		struct bpf_finding *v = realloc(list->v, cap * sizeof(*v));

		if (!v)
			return NULL;
		list->v = v;
		list->cap = cap;
	}
	struct bpf_finding *f = &list->v[list->n++];

	memset(f, 0, sizeof(*f));
	f->cost = -1;
	return f;
}

static char *vstrdupf(const char *fmt, va_list ap)
{
	char *s = NULL;

	if (vasprintf(&s, fmt, ap) < 0)
		return NULL;
	return s;
}

int finding_add_note(struct bpf_finding *f, const char *fmt, ...)
{
	char **notes = realloc(f->notes, (f->n_notes + 1) * sizeof(*notes));
	va_list ap;

	if (!notes)
		return -ENOMEM;
	f->notes = notes;
	va_start(ap, fmt);
	notes[f->n_notes] = vstrdupf(fmt, ap);
	va_end(ap);
	if (!notes[f->n_notes])
		return -ENOMEM;
	f->n_notes++;
	return 0;
}

int fix_add_edit(struct bpf_fix *fix, const char *file, unsigned offset,
		 unsigned length, const char *text)
{
	struct bpf_edit *e = realloc(fix->edits, (fix->n_edits + 1) * sizeof(*e));

	if (!e)
		return -ENOMEM;
	fix->edits = e;
	e = &e[fix->n_edits];
	e->file = strdup(file);
	e->text = strdup(text ? text : "");
	e->offset = offset;
	e->length = length;
	if (!e->file || !e->text) {
		free(e->file);
		free(e->text);
		return -ENOMEM;
	}
	fix->n_edits++;
	return 0;
}

int fix_set_unfixable(struct bpf_fix *fix, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = vstrdupf(fmt, ap);
	va_end(ap);
	if (!s)
		return -ENOMEM;
	free(fix->unfixable);
	fix->unfixable = s;
	return 0;
}

static int finding_cmp(const void *a, const void *b)
{
	const struct bpf_finding *x = a, *y = b;
	int c = strcmp(x->file ? x->file : "", y->file ? y->file : "");

	if (c)
		return c;
	if (x->offset != y->offset)
		return x->offset < y->offset ? -1 : 1;
	return strcmp(x->rule ? x->rule : "", y->rule ? y->rule : "");
}

void findings_sort(struct bpf_findings *list)
{
	if (list->n > 1)
		qsort(list->v, list->n, sizeof(list->v[0]), finding_cmp);
}

static void fix_free(struct bpf_fix *fix)
{
	for (size_t i = 0; i < fix->n_edits; i++) {
		free(fix->edits[i].file);
		free(fix->edits[i].text);
	}
	free(fix->edits);
	free(fix->unfixable);
}

void findings_free(struct bpf_findings *list)
{
	for (size_t i = 0; i < list->n; i++) {
		struct bpf_finding *f = &list->v[i];

		free(f->file);
		free(f->message);
		for (size_t j = 0; j < f->n_notes; j++)
			free(f->notes[j]);
		free(f->notes);
		fix_free(&f->fix);
	}
	free(list->v);
	for (size_t i = 0; i < list->n_includes; i++)
		free(list->includes[i]);
	free(list->includes);
	for (size_t i = 0; i < list->n_include_aliases; i++)
		free(list->include_aliases[i]);
	free(list->include_aliases);
	memset(list, 0, sizeof(*list));
}

const char *severity_name(enum bpf_severity sev)
{
	switch (sev) {
	case BPF_SEV_NOTE: return "note";
	case BPF_SEV_WARNING: return "warning";
	case BPF_SEV_ERROR: return "error";
	}
	return "warning";
}
