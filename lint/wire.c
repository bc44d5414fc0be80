/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Findings as bytes: a parse child (isolate.c) and the language server's
 * worker (worker.c) hand their results to the parent so. Both ends are
 * the same image, so a rule id (a static string) goes as its pointer.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "lint/wire.h"

void wire__put(struct lint_wire *w, const void *v, size_t n)
{
	if (w->bad)
		return;
	if (w->n + n > w->cap) {
		size_t cap = (w->n + n) * 2 + 4096;
		char *p = realloc(w->p, cap);

		if (!p) {
			w->bad = true;
			return;
		}
		w->p = p;
		w->cap = cap;
	}
	memcpy(w->p + w->n, v, n);
	w->n += n;
}

void wire__put_u64(struct lint_wire *w, uint64_t v)
{
	wire__put(w, &v, sizeof(v));
}

/* UINT32_MAX as the length stands for NULL. */
void wire__put_mem(struct lint_wire *w, const char *s, size_t n)
{
	uint32_t len = s ? (uint32_t)n : UINT32_MAX;

	if (s && n >= UINT32_MAX) {
		w->bad = true;
		return;
	}
	wire__put(w, &len, sizeof(len));
	if (s)
		wire__put(w, s, n);
}

void wire__put_str(struct lint_wire *w, const char *s)
{
	wire__put_mem(w, s, s ? strlen(s) : 0);
}

uint64_t wire__get_u64(struct lint_wire *w)
{
	uint64_t v = 0;

	if (w->bad || w->at + sizeof(v) > w->n) {
		w->bad = true;
		return 0;
	}
	memcpy(&v, w->p + w->at, sizeof(v));
	w->at += sizeof(v);
	return v;
}

char *wire__get_mem(struct lint_wire *w, size_t *len)
{
	uint32_t n;
	char *s;

	*len = 0;
	if (w->bad || w->at + sizeof(n) > w->n) {
		w->bad = true;
		return NULL;
	}
	memcpy(&n, w->p + w->at, sizeof(n));
	w->at += sizeof(n);
	if (n == UINT32_MAX)
		return NULL;
	if (n > w->n - w->at || !(s = malloc((size_t)n + 1))) {
		w->bad = true;
		return NULL;
	}
	memcpy(s, w->p + w->at, n);
	s[n] = 0;
	w->at += n;
	*len = n;
	return s;
}

char *wire__get_str(struct lint_wire *w)
{
	size_t n;

	return wire__get_mem(w, &n);
}

static void put_finding(struct lint_wire *w, const struct bpf_finding *f)
{
	wire__put(w, &f->rule, sizeof(f->rule));
	wire__put_u64(w, f->severity);
	wire__put_str(w, f->file);
	wire__put_u64(w, f->line); wire__put_u64(w, f->col);
	wire__put_u64(w, f->end_line); wire__put_u64(w, f->end_col);
	wire__put_u64(w, f->offset); wire__put_u64(w, f->end_offset);
	wire__put_str(w, f->message);
	wire__put_u64(w, f->n_notes);
	for (size_t i = 0; i < f->n_notes; i++)
		wire__put_str(w, f->notes[i]);
	wire__put_u64(w, f->fix.n_edits);
	for (size_t i = 0; i < f->fix.n_edits; i++) {
		wire__put_str(w, f->fix.edits[i].file);
		wire__put_u64(w, f->fix.edits[i].offset);
		wire__put_u64(w, f->fix.edits[i].length);
		wire__put_str(w, f->fix.edits[i].text);
	}
	wire__put_u64(w, f->fix.needs); wire__put_u64(w, f->fix.min_kernel);
	wire__put_str(w, f->fix.unfixable);
	wire__put_u64(w, (uint64_t)f->cost);
	wire__put_u64(w, f->scope_line); wire__put_u64(w, f->scope_end_line);
}

static void get_notes_and_edits(struct lint_wire *w, struct bpf_finding *f)
{
	size_t n = wire__get_u64(w);

	for (size_t i = 0; i < n && !w->bad; i++) {
		char *note = wire__get_str(w);

		if (finding_add_note(f, "%s", note ? note : ""))
			w->bad = true;
		free(note);
	}
	n = wire__get_u64(w);
	for (size_t i = 0; i < n && !w->bad; i++) {
		char *file = wire__get_str(w), *text;
		unsigned off = wire__get_u64(w), len = wire__get_u64(w);

		text = wire__get_str(w);
		if (!w->bad && fix_add_edit(&f->fix, file ? file : "", off, len, text ? text : ""))
			w->bad = true;
		free(file);
		free(text);
	}
}

static int get_finding(struct lint_wire *w, struct bpf_findings *out)
{
	struct bpf_finding *f = findings_add(out);

	if (!f || w->at + sizeof(f->rule) > w->n) {
		w->bad = true;
		return -EPROTO;
	}
	memcpy(&f->rule, w->p + w->at, sizeof(f->rule));
	w->at += sizeof(f->rule);
	f->severity = (enum bpf_severity)wire__get_u64(w);
	f->file = wire__get_str(w);
	f->line = wire__get_u64(w); f->col = wire__get_u64(w);
	f->end_line = wire__get_u64(w); f->end_col = wire__get_u64(w);
	f->offset = wire__get_u64(w); f->end_offset = wire__get_u64(w);
	f->message = wire__get_str(w);
	get_notes_and_edits(w, f);
	f->fix.needs = wire__get_u64(w); f->fix.min_kernel = wire__get_u64(w);
	f->fix.unfixable = wire__get_str(w);
	f->cost = (long)wire__get_u64(w);
	f->scope_line = wire__get_u64(w); f->scope_end_line = wire__get_u64(w);
	return w->bad ? -EPROTO : 0;
}

static void put_strv(struct lint_wire *w, char *const *v, size_t n)
{
	wire__put_u64(w, n);
	for (size_t i = 0; i < n; i++)
		wire__put_str(w, v[i]);
}

/* A string list into *v (calloc'd), *n its length; w->bad on a short or bad message. */
static void get_strv(struct lint_wire *w, char ***v, size_t *n)
{
	size_t want = w->bad ? 0 : wire__get_u64(w);

	if (!want || w->bad)
		return;
	if (want > w->n) {	/* each string costs at least its length word */
		w->bad = true;
		return;
	}
	*v = calloc(want, sizeof(**v));
	for (size_t i = 0; *v && i < want && !w->bad; i++)
		(*v)[(*n)++] = wire__get_str(w);
	w->bad |= !*v;
}

void wire__put_result(struct lint_wire *w, int rc, const char *err,
		      const struct bpf_findings *found)
{
	wire__put_u64(w, (uint64_t)(int64_t)rc);
	wire__put_str(w, err);
	wire__put_u64(w, found->declared);
	wire__put_u64(w, found->target_kernel);
	wire__put_u64(w, found->n);
	for (size_t i = 0; i < found->n; i++)
		put_finding(w, &found->v[i]);
	put_strv(w, found->includes, found->n_includes);
	put_strv(w, found->include_aliases, found->n_include_aliases);
}

int wire__get_result(struct lint_wire *w, struct bpf_findings *out, char **err)
{
	int rc = (int)(int64_t)wire__get_u64(w);
	size_t n;

	*err = wire__get_str(w);
	out->declared = wire__get_u64(w);
	out->target_kernel = wire__get_u64(w);
	n = wire__get_u64(w);
	for (size_t i = 0; i < n && !w->bad; i++)
		if (get_finding(w, out))
			break;
	get_strv(w, &out->includes, &out->n_includes);
	get_strv(w, &out->include_aliases, &out->n_include_aliases);
	return w->bad ? -EPROTO : rc;
}

void wire__free(struct lint_wire *w)
{
	free(w->p);
	memset(w, 0, sizeof(*w));
}
