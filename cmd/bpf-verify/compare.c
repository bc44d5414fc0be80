/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * -C: two runs side by side, programs matched by name, A / B / DIFF as
 * veristat -C prints them, the largest instruction-count change first.
 * Runs come from objects or from bpf-verify --format=csv files.
 */
#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/bpf-verify/report.h"
#include "cmd/bpf-verify/report_table.h"

struct pair {
	const struct vm_row *a, *b;
	long change;
};

static long figure(const struct vm_row *r, int which)
{
	if (!r)
		return 0;
	return which == 0 ? r->res.insns : which == 1 ? r->res.total_states
						      : r->res.peak_states;
}

static int cmp_pair(const void *x, const void *y)
{
	const struct pair *p = x, *q = y;

	if (p->change != q->change)
		return p->change > q->change ? -1 : 1;
	return strcmp((p->a ? p->a : p->b)->res.prog, (q->a ? q->a : q->b)->res.prog);
}

static struct pair *match(const struct vm_row *a, size_t na,
			  const struct vm_row *b, size_t nb, size_t *np)
{
	struct pair *p = calloc(na + nb + 1, sizeof(*p));
	bool *used = calloc(nb + 1, sizeof(*used));
	size_t n = 0;

	if (!p || !used) {
		free(p);
		free(used);
		return NULL;
	}
	for (size_t i = 0; i < na; i++) {
		p[n].a = &a[i];
		for (size_t j = 0; j < nb; j++)
			if (!used[j] && !strcmp(a[i].res.prog, b[j].res.prog)) {
				used[j] = true;
				p[n].b = &b[j];
				break;
			}
		n++;
	}
	for (size_t j = 0; j < nb; j++)
		if (!used[j])
			p[n++].b = &b[j];
	for (size_t i = 0; i < n; i++)
		p[i].change = labs(figure(p[i].b, 0) - figure(p[i].a, 0));
	qsort(p, n, sizeof(*p), cmp_pair);
	free(used);
	*np = n;
	return p;
}

static void diff_cell(char *buf, const struct pair *p, int which)
{
	long a = figure(p->a, which), b = figure(p->b, which);

	if (!p->a || !p->b)
		snprintf(buf, TABLE_CELL, "-");
	else if (a)
		snprintf(buf, TABLE_CELL, "%+ld (%+.2f%%)", b - a,
			 100.0 * (double)(b - a) / (double)a);
	else
		snprintf(buf, TABLE_CELL, "%+ld", b - a);
}

static const char *verdict_of(const struct vm_row *r)
{
	return r ? vm_verdict_name(r->res.verdict) : "-";
}

static void pair_cells(struct table *t, size_t r, const struct pair *p)
{
	const struct vm_row *any = p->a ? p->a : p->b;
	size_t c = 0;

	table_set(t, r, c++, any->file);
	table_set(t, r, c++, any->res.prog);
	table_set(t, r, c++, verdict_of(p->a));
	table_set(t, r, c++, verdict_of(p->b));
	table_set(t, r, c++, !p->a || !p->b ? "-" :
		  p->a->res.verdict == p->b->res.verdict ? "MATCH" : "MISMATCH");
	for (int w = 0; w < 3; w++) {
		fmt_long(table_cell(t, r, c++), TABLE_CELL, figure(p->a, w), p->a);
		fmt_long(table_cell(t, r, c++), TABLE_CELL, figure(p->b, w), p->b);
		diff_cell(table_cell(t, r, c++), p, w);
	}
}

static const char *const keys[] = {
		"file", "program", "verdict_a", "verdict_b", "verdict_diff",
		"insns_a", "insns_b", "insns_diff", "states_a", "states_b",
		"states_diff", "peak_states_a", "peak_states_b", "peak_states_diff",
};

static void print_csv(FILE *f, const struct table *t)
{
	struct table *tt = (struct table *)t;

	for (size_t c = 0; c < 14; c++)
		fprintf(f, "%s%c", keys[c], c == 13 ? '\n' : ',');
	for (size_t r = 1; r < table_rows(t); r++)
		for (size_t c = 0; c < 14; c++)
			fprintf(f, "%s%c", table_cell(tt, r, c), c == 13 ? '\n' : ',');
}

static void print_json(FILE *f, const struct table *t)
{
	struct table *tt = (struct table *)t;
	json_t *arr = json_array();

	for (size_t r = 1; arr && r < table_rows(t); r++) {
		json_t *o = json_object();

		for (size_t c = 0; o && c < 14; c++)
			json_object_set_new(o, keys[c], json_string(table_cell(tt, r, c)));
		json_array_append_new(arr, o);
	}
	json_dumpf(arr, f, JSON_INDENT(2));
	fputc('\n', f);
	json_decref(arr);
}

void report__compare(FILE *f, enum vm_format fmt, const struct vm_row *a,
		     size_t na, const struct vm_row *b, size_t nb)
{
	static const char *const head[] = {
		"File", "Program", "Verdict (A)", "Verdict (B)", "Verdict (DIFF)",
		"Insns (A)", "Insns (B)", "Insns (DIFF)", "States (A)", "States (B)",
		"States (DIFF)", "Peak states (A)", "Peak states (B)",
		"Peak states (DIFF)",
	};
	size_t np;
	struct pair *p = match(a, na, b, nb, &np);
	struct table *t = p ? table_new(np + 1, 14) : NULL;

	if (t) {
		for (size_t c = 0; c < 14; c++)
			table_set(t, 0, c, head[c]);
		for (size_t i = 0; i < np; i++)
			pair_cells(t, i + 1, &p[i]);
		if (fmt == VM_FMT_TABLE)
			table_print(f, t, 5);
		else if (fmt == VM_FMT_CSV)
			print_csv(f, t);
		else
			print_json(f, t);
	}
	table_free(t);
	free(p);
}
