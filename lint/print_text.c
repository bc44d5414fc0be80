/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Text output the way clang prints diagnostics, so that vim's quickfix,
 * Emacs compile-mode and VS Code problem matchers read it unchanged.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lint/print.h"

#define C_BOLD    "\033[1m"
#define C_RED     "\033[1;31m"
#define C_GREEN   "\033[1;32m"
#define C_MAGENTA "\033[1;35m"
#define C_NOTE    "\033[1;30m"
#define C_RESET   "\033[0m"

struct source {
	char *name;
	char *text;
	size_t len;
	/* The text of one file given in memory (standard input), not read. */
	const char *given_name, *given_text;
	size_t given_len;
};

static void source_load(struct source *s, const char *name)
{
	FILE *fp;

	if (s->name && strcmp(s->name, name) == 0)
		return;
	free(s->name);
	free(s->text);
	s->name = s->text = NULL;
	s->len = 0;
	if (s->given_name && strcmp(s->given_name, name) == 0) {
		s->name = strdup(name);
		s->text = malloc(s->given_len + 1);
		if (s->text) {
			memcpy(s->text, s->given_text, s->given_len);
			s->text[s->given_len] = '\0';
			s->len = s->given_len;
		}
		return;
	}
	s->name = strdup(name);
	fp = fopen(name, "r");
	if (!fp)
		return;
	if (fseek(fp, 0, SEEK_END) == 0) {
		long n = ftell(fp);

		if (n >= 0 && fseek(fp, 0, SEEK_SET) == 0 && (s->text = malloc(n + 1))) {
			s->len = fread(s->text, 1, n, fp);
			s->text[s->len] = '\0';
		}
	}
	fclose(fp);
}

static const char *sev_colour(enum bpf_severity sev)
{
	return sev == BPF_SEV_ERROR ? C_RED : sev == BPF_SEV_WARNING ? C_MAGENTA : C_NOTE;
}

/* Print the line holding offset with tabs expanded, then the marker line. */
static void print_snippet(FILE *out, const struct source *s, const struct bpf_finding *f,
			  bool color)
{
	size_t bol, eol, col = 0;
	char gutter[16];

	if (!s->text || f->offset > s->len)
		return;
	bol = f->offset;
	while (bol > 0 && s->text[bol - 1] != '\n')
		bol--;
	eol = f->offset;
	while (eol < s->len && s->text[eol] != '\n')
		eol++;
	snprintf(gutter, sizeof(gutter), "%5u", f->line);
	fprintf(out, "%s | ", gutter);
	for (size_t i = bol; i < eol; i++) {
		if (s->text[i] == '\t') {
			do
				fputc(' ', out);
			while (++col % 8);
		} else {
			fputc(s->text[i], out);
			col++;
		}
	}
	fprintf(out, "\n%*s | %s", (int)strlen(gutter), "", color ? C_GREEN : "");
	col = 0;
	size_t end = f->end_offset > f->offset && f->end_offset <= eol ? f->end_offset : f->offset + 1;

	for (size_t i = bol; i < end && i <= eol; i++) {
		unsigned w = 1;

		if (i < eol && s->text[i] == '\t')
			w = 8 - col % 8;
		for (unsigned k = 0; k < w; k++)
			fputc(i < f->offset ? ' ' : i == f->offset && k == 0 ? '^' : '~', out);
		col += w;
	}
	fprintf(out, "%s\n", color ? C_RESET : "");
}

static void print_one(FILE *out, struct source *s, const struct bpf_finding *f, bool color)
{
	fprintf(out, "%s%s:%u:%u: %s%s:%s %s%s [%s]%s\n", color ? C_BOLD : "",
		f->file, f->line, f->col, color ? sev_colour(f->severity) : "",
		severity_name(f->severity), color ? C_RESET C_BOLD : "", f->message,
		"", f->rule, color ? C_RESET : "");
	source_load(s, f->file);
	print_snippet(out, s, f, color);
	for (size_t i = 0; i < f->n_notes; i++)
		fprintf(out, "%s%s:%u:%u: %snote:%s %s\n", color ? C_BOLD : "", f->file,
			f->line, f->col, color ? C_NOTE : "", color ? C_RESET : "", f->notes[i]);
	if (f->fix.unfixable)
		fprintf(out, "%s%s:%u:%u: %snote:%s no automatic fix: %s\n", color ? C_BOLD : "",
			f->file, f->line, f->col, color ? C_NOTE : "", color ? C_RESET : "",
			f->fix.unfixable);
}

int print_text(FILE *out, const struct bpf_findings *list, bool color)
{
	return print_text_source(out, list, color, NULL, NULL, 0);
}

int print_text_source(FILE *out, const struct bpf_findings *list, bool color,
		      const char *name, const char *text, size_t len)
{
	struct source s = { .given_name = name, .given_text = text, .given_len = len };

	for (size_t i = 0; i < list->n; i++)
		print_one(out, &s, &list->v[i], color);
	free(s.name);
	free(s.text);
	return ferror(out) ? -5 : 0;
}
