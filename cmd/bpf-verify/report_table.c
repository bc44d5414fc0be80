/* SPDX-License-Identifier: GPL-2.0-only */
/* The table printer shared by the result and comparison views. */
#include <stdlib.h>
#include <string.h>
#include "cmd/bpf-verify/report_table.h"

struct table {
	size_t rows, cols;
	char *cells;
};

struct table *table_new(size_t rows, size_t cols)
{
	struct table *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->rows = rows;
	t->cols = cols;
	t->cells = calloc(rows * cols + 1, TABLE_CELL);
	if (!t->cells) {
		free(t);
		return NULL;
	}
	return t;
}

char *table_cell(struct table *t, size_t r, size_t c)
{
	return t->cells + (r * t->cols + c) * TABLE_CELL;
}

void table_set(struct table *t, size_t r, size_t c, const char *s)
{
	snprintf(table_cell(t, r, c), TABLE_CELL, "%s", s ? s : "");
}

void table_print(FILE *f, const struct table *t, size_t text_cols)
{
	size_t *w = calloc(t->cols ? t->cols : 1, sizeof(*w));
	size_t total = 0;

	if (!w)
		return;
	for (size_t r = 0; r < t->rows; r++)
		for (size_t c = 0; c < t->cols; c++) {
			size_t l = strlen(t->cells + (r * t->cols + c) * TABLE_CELL);

			if (l > w[c])
				w[c] = l;
		}
	for (size_t c = 0; c < t->cols; c++)
		total += w[c] + (c ? 2 : 0);
	for (size_t r = 0; r < t->rows; r++) {
		for (size_t c = 0; c < t->cols; c++) {
			const char *s = t->cells + (r * t->cols + c) * TABLE_CELL;
			bool left = c < text_cols || r == 0;

			if (left && c + 1 == t->cols)
				fprintf(f, "%s%s", c ? "  " : "", s);
			else
				fprintf(f, "%s%*s", c ? "  " : "",
					left ? -(int)w[c] : (int)w[c], s);
		}
		fputc('\n', f);
		if (r == 0) {
			for (size_t i = 0; i < total; i++)
				fputc('-', f);
			fputc('\n', f);
		}
	}
	free(w);
}

void table_free(struct table *t)
{
	if (!t)
		return;
	free(t->cells);
	free(t);
}

void fmt_long(char *buf, size_t len, long v, bool known)
{
	if (known && v >= 0)
		snprintf(buf, len, "%ld", v);
	else
		snprintf(buf, len, "-");
}

size_t table_rows(const struct table *t)
{
	return t->rows;
}
