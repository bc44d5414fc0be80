/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * --lines: processed instructions per source line. Each insn's count
 * goes to the line record covering it (.BTF.ext line info), so the line
 * totals add up to the processed count; insns without a record are
 * "(no line info)".
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/bpf-verify/report.h"

static int cmp_cost(const void *a, const void *b)
{
	const struct vm_line_cost *x = a, *y = b;
	int c;

	if (x->insns != y->insns)
		return x->insns > y->insns ? -1 : 1;
	c = strcmp(x->file, y->file);
	return c ? c : (x->line > y->line) - (x->line < y->line);
}

static struct vm_line_cost *cost_for(struct vm_line_cost *c, size_t *n,
				     const char *file, unsigned line)
{
	for (size_t i = 0; i < *n; i++)
		if (c[i].line == line && !strcmp(c[i].file, file))
			return &c[i];
	snprintf(c[*n].file, sizeof(c[*n].file), "%s", file);
	c[*n].line = line;
	return &c[(*n)++];
}

struct fold {
	struct vm_row *row;
	struct vm_line_cost *c;
	size_t n;
};

static void add_line(void *arg, const struct vm_line *l, long insns)
{
	struct fold *f = arg;
	struct vm_line_cost *e = cost_for(f->c, &f->n, l ? l->file : "(no line info)",
					  l ? l->line : 0);

	if (l && !e->btf_text)
		e->btf_text = l->text;
	e->insns += insns;
	f->row->lines_total += insns;
}

int report__line_costs(struct vm_row *row, const struct vm_prog *prog,
		       size_t top)
{
	const struct vm_result *res = &row->res;
	struct fold f = { row, NULL, 0 };

	if (!res->insn_counts) {
		row->lines_missing = true;
		return -ENODATA;
	}
	/* at most one entry per line record, plus "(no line info)" */
	f.c = calloc(prog->n_lines + 1, sizeof(*f.c));
	if (!f.c)
		return -ENOMEM;
	row->lines_total = 0;
	vm_result__for_each_line(res, prog, add_line, &f);
	qsort(f.c, f.n, sizeof(*f.c), cmp_cost);
	row->lines = f.c;
	row->n_lines = f.n < top ? f.n : top;
	return 0;
}

/* Line number `line` of file, trimmed, or NULL when not at hand. */
static const char *source_line(const char *file, unsigned line, char *buf,
			       size_t len)
{
	FILE *f = fopen(file, "r");
	unsigned at = 1;
	const char *r = NULL;

	if (!f)
		return NULL;
	while (fgets(buf, (int)len, f)) {
		if (at == line) {
			buf[strcspn(buf, "\n")] = 0;
			r = buf + strspn(buf, " \t");
			break;
		}
		if (strchr(buf, '\n'))
			at++;
	}
	fclose(f);
	return r;
}

static const char *base(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

void report__print_lines(FILE *f, const struct vm_row *rows, size_t n)
{
	char buf[512];

	for (size_t r = 0; r < n; r++) {
		const struct vm_row *row = &rows[r];

		if (row->lines_missing)
			fprintf(f, "\n%s/%s: no per-line counts (the backend gave none, or"
				" the level-2 log did not fit or add up)\n",
				row->file, row->res.prog);
		if (!row->lines)
			continue;
		fprintf(f, "\n%s/%s: %ld processed insns by source line\n",
			row->file, row->res.prog, row->lines_total);
		for (size_t i = 0; i < row->n_lines; i++) {
			const struct vm_line_cost *c = &row->lines[i];
			const char *src = source_line(c->file, c->line, buf, sizeof(buf));
			char loc[300];

			if (!src && c->btf_text)
				src = c->btf_text + strspn(c->btf_text, " \t");
			snprintf(loc, sizeof(loc), "%s:%u", base(c->file), c->line);
			fprintf(f, "  %-28s %9ld %6.1f%%  %s\n", loc, c->insns,
				row->lines_total ? 100.0 * (double)c->insns /
						   (double)row->lines_total : 0.0,
				src ? src : "");
		}
	}
}
