/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * bpf-verify's output: one row per program (veristat's columns), as a
 * table, CSV or JSON; -C comparison of two runs; --lines cost per line.
 */
#ifndef VM_REPORT_H
#define VM_REPORT_H

#include <stdbool.h>
#include <stdio.h>
#include "verifier-model/result.h"

enum vm_format { VM_FMT_TABLE, VM_FMT_CSV, VM_FMT_JSON };

struct vm_line_cost {
	char file[256];
	unsigned line;
	long insns;
	const char *btf_text;      /* the line as BTF recorded it, or NULL */
};

struct vm_row {
	char file[256];
	char type[48];             /* program type name, "" if unknown */
	struct vm_result res;      /* the (first) backend's result */
	bool has_model;            /* --backend=both: model's result too */
	struct vm_result model;
	struct vm_line_cost *lines;/* --lines: top lines, most expensive first */
	size_t n_lines;
	long lines_total;          /* sum over all lines (= processed) */
	bool lines_missing;        /* --lines asked, but no per-insn counts */
};

/* Print rows in fmt; both adds the model's columns. */
void report__print(FILE *f, enum vm_format fmt, const struct vm_row *rows,
		   size_t n, bool both);
/* Print the --lines section of each row that has line costs. */
void report__print_lines(FILE *f, const struct vm_row *rows, size_t n);
/* -C: match a and b by program name and print A / B / DIFF, largest change first. */
void report__compare(FILE *f, enum vm_format fmt, const struct vm_row *a,
		     size_t na, const struct vm_row *b, size_t nb);
/* Read rows back from bpf-verify --format=csv output; 0 or -errno. */
int report__read_csv(const char *path, struct vm_row **rows, size_t *n);
/*
 * Attribute res's per-insn counts to source lines through prog's line
 * info; keep the top entries in row->lines. 0, or -ENODATA without counts.
 */
int report__line_costs(struct vm_row *row, const struct vm_prog *prog,
		       size_t top);
void report__free_rows(struct vm_row *rows, size_t n);

#endif
