/* SPDX-License-Identifier: GPL-2.0-only */
/* A plain text table: cells as strings, columns sized to fit. */
#ifndef VM_REPORT_TABLE_H
#define VM_REPORT_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define TABLE_CELL 256

struct table;

/* A table of rows x cols empty cells, or NULL. */
struct table *table_new(size_t rows, size_t cols);
/* The cell buffer (TABLE_CELL bytes) at r, c. */
char *table_cell(struct table *t, size_t r, size_t c);
void table_set(struct table *t, size_t r, size_t c, const char *s);
/* Row 0 is the header; the first text_cols columns are left-aligned. */
void table_print(FILE *f, const struct table *t, size_t text_cols);
void table_free(struct table *t);
/* Number of rows, header included. */
size_t table_rows(const struct table *t);
/* "-" unless known and v >= 0. */
void fmt_long(char *buf, size_t len, long v, bool known);

#endif
