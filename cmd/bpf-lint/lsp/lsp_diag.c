/* SPDX-License-Identifier: GPL-2.0-only */
/* Diagnostic objects: range, severity, code = rule id, source, message + notes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/bpf-lint/lsp/lsp_diag.h"

/* LSP DiagnosticSeverity: 1 error, 2 warning, 3 information. */
static int lsp_severity(enum bpf_severity s)
{
	return s == BPF_SEV_ERROR ? 1 : s == BPF_SEV_WARNING ? 2 : 3;
}

/* The message and each note on its own line (the cost, when measured, is a note). */
static char *full_message(const struct bpf_finding *f)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);

	if (!mem)
		return NULL;
	fputs(f->message ? f->message : "", mem);
	for (size_t i = 0; i < f->n_notes; i++)
		fprintf(mem, "\nnote: %s", f->notes[i]);
	fclose(mem);
	return buf;
}

json_t *lsp_diagnostic(const struct bpf_finding *f, const char *text, size_t len)
{
	char *msg = full_message(f);
	json_t *d;

	if (!msg)
		return NULL;
	d = json_pack("{s:o, s:i, s:s, s:s, s:s}",
		      "range", lsp_range_json(text, len, f->offset, f->end_offset),
		      "severity", lsp_severity(f->severity), "code", f->rule,
		      "source", "bpf-lint", "message", msg);
	free(msg);
	return d;
}

json_t *lsp_diagnostics(const struct bpf_findings *fs, const char *path,
			const char *text, size_t len)
{
	json_t *arr = json_array();

	for (size_t i = 0; fs && i < fs->n; i++)
		if (fs->v[i].file && !strcmp(fs->v[i].file, path))
			json_array_append_new(arr, lsp_diagnostic(&fs->v[i], text, len));
	return arr;
}

/* One clang diagnostic line of path, or NULL when the line is not one. */
static json_t *error_line(const char *line, size_t n, const char *path)
{
	size_t plen = strlen(path);
	unsigned l, c;
	int used = 0;
	char sev[16];
	char *msg;
	json_t *d;

	if (n <= plen || strncmp(line, path, plen) || line[plen] != ':')
		return NULL;
	if (sscanf(line + plen, ":%u:%u: %15[a-z]:%n", &l, &c, sev, &used) != 3 || !used)
		return NULL;
	if (strcmp(sev, "error") && strcmp(sev, "fatal") && strcmp(sev, "warning"))
		return NULL;
	msg = strndup(line + plen + used, n - plen - used);
	d = json_pack("{s:{s:{s:i, s:i}, s:{s:i, s:i}}, s:i, s:s, s:s}",
		      "range", "start", "line", l - 1, "character", c - 1,
		      "end", "line", l - 1, "character", c,
		      "severity", strcmp(sev, "warning") ? 1 : 2,
		      "source", "clang", "message", msg ? msg + (msg[0] == ' ') : "");
	free(msg);
	return d;
}

/* An error without a line of its own (a crashed parse): on the file's first line. */
static json_t *file_error(const char *err, const char *path)
{
	size_t plen = strlen(path);
	char *msg;
	json_t *d;

	if (!strncmp(err, path, plen) && !strncmp(err + plen, ": ", 2))
		err += plen + 2;	/* the editor shows which file */
	msg = strndup(err, strcspn(err, "\n"));
	d = json_pack("{s:{s:{s:i, s:i}, s:{s:i, s:i}}, s:i, s:s, s:s}",
		      "range", "start", "line", 0, "character", 0, "end", "line", 0, "character", 0,
		      "severity", 1, "source", "bpf-lint", "message", msg ? msg : err);

	free(msg);
	return d;
}

json_t *lsp_parse_error_diagnostics(const char *err, const char *path)
{
	json_t *arr = json_array();

	for (const char *p = err; p && *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		json_t *d = error_line(p, n, path);

		if (d)
			json_array_append_new(arr, d);
		p += n + (nl != NULL);
	}
	if (!json_array_size(arr) && err && *err)
		json_array_append_new(arr, file_error(err, path));
	return arr;
}
