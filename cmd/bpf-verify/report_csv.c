/* SPDX-License-Identifier: GPL-2.0-only */
/* Reading bpf-verify --format=csv back (for -C OLD.csv NEW.csv). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/bpf-verify/report.h"

#define MAX_FIELDS 32
#define MAX_ROWS 100000

/* Split one CSV record in place (RFC 4180 quoting); returns field count. */
static int split(char *line, char **f)
{
	int n = 0;
	char *p = line, *w;

	while (n < MAX_FIELDS) {
		f[n++] = w = p;
		if (*p == '"') {
			for (p++; *p; p++) {
				if (*p == '"' && p[1] == '"')
					*w++ = *++p;
				else if (*p == '"')
					break;
				else
					*w++ = *p;
			}
			if (*p == '"')
				p++;
		} else {
			while (*p && *p != ',' && *p != '\n' && *p != '\r')
				*w++ = *p++;
		}
		if (*p != ',') {
			*w = 0;
			break;
		}
		*w = 0;
		p++;
	}
	return n;
}

static enum vm_verdict verdict_by_name(const char *s)
{
	for (int v = VM_ACCEPTED; v <= VM_LOAD_ERROR; v++)
		if (!strcmp(vm_verdict_name(v), s))
			return v;
	return VM_LOAD_ERROR;
}

static void set_field(struct vm_row *row, const char *key, const char *v)
{
	struct vm_result *r = &row->res;

	if (!strcmp(key, "file")) snprintf(row->file, sizeof(row->file), "%s", v);
	else if (!strcmp(key, "program")) snprintf(r->prog, sizeof(r->prog), "%s", v);
	else if (!strcmp(key, "section")) snprintf(r->section, sizeof(r->section), "%s", v);
	else if (!strcmp(key, "type")) snprintf(row->type, sizeof(row->type), "%s", v);
	else if (!strcmp(key, "verdict")) r->verdict = verdict_by_name(v);
	else if (!strcmp(key, "duration_us")) r->duration_us = atol(v);
	else if (!strcmp(key, "insns")) r->insns = atol(v);
	else if (!strcmp(key, "states")) r->total_states = atol(v);
	else if (!strcmp(key, "peak_states")) r->peak_states = atol(v);
	else if (!strcmp(key, "max_states_per_insn")) r->max_states_per_insn = atol(v);
	else if (!strcmp(key, "stack_depth")) snprintf(r->stack_depth, sizeof(r->stack_depth), "%s", v);
	else if (!strcmp(key, "prog_size")) r->prog_size = strtoul(v, NULL, 10);
	else if (!strcmp(key, "reason")) snprintf(r->reason, sizeof(r->reason), "%s", v);
}

static int read_rows(FILE *in, struct vm_row **rows, size_t *n)
{
	char head[1024], line[4096], *keys[MAX_FIELDS], *f[MAX_FIELDS];
	int nk, nf;

	if (!fgets(head, sizeof(head), in))
		return -ENODATA;
	nk = split(head, keys);
	if (nk < 2 || strcmp(keys[0], "file") || strcmp(keys[1], "program"))
		return -EINVAL;
	while (fgets(line, sizeof(line), in)) {
		struct vm_row *nr;

		if (line[0] == '\n' || *n >= MAX_ROWS)
			continue;
		nr = realloc(*rows, (*n + 1) * sizeof(*nr));
		if (!nr)
			return -ENOMEM;
		*rows = nr;
		memset(&nr[*n], 0, sizeof(nr[*n]));
		nf = split(line, f);
		for (int i = 0; i < nf && i < nk; i++)
			set_field(&nr[*n], keys[i], f[i]);
		(*n)++;
	}
	return 0;
}

int report__read_csv(const char *path, struct vm_row **rows, size_t *n)
{
	FILE *in = fopen(path, "r");
	int err;

	*rows = NULL;
	*n = 0;
	if (!in)
		return -errno;
	err = read_rows(in, rows, n);
	fclose(in);
	if (err) {
		report__free_rows(*rows, *n);
		*rows = NULL;
		*n = 0;
	}
	return err;
}
