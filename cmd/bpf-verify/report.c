/* SPDX-License-Identifier: GPL-2.0-only */
/* Rows as a table (veristat's column names), CSV or JSON, and CSV back. */
#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/bpf-verify/report.h"
#include "cmd/bpf-verify/report_table.h"

static const char *const csv_cols[] = {
	"file", "program", "section", "type", "verdict", "duration_us", "insns",
	"states", "peak_states", "max_states_per_insn", "stack_depth",
	"prog_size", "reason",
};
#define N_CSV_COLS (sizeof(csv_cols) / sizeof(csv_cols[0]))


static bool verified(const struct vm_result *r)
{
	return r->verdict == VM_ACCEPTED || r->verdict == VM_REJECTED ||
	       r->verdict == VM_MODEL_LIMIT;
}

static void row_cells(struct table *t, size_t r, const struct vm_row *row)
{
	const struct vm_result *res = &row->res;
	bool v = verified(res);
	char *c;
	int i = 0;

	table_set(t, r, i++, row->file);
	table_set(t, r, i++, res->prog);
	table_set(t, r, i++, row->type[0] ? row->type : res->section);
	table_set(t, r, i++, vm_verdict_name(res->verdict));
	c = table_cell(t, r, i++);
	fmt_long(c, TABLE_CELL, res->duration_us, v);
	fmt_long(table_cell(t, r, i++), TABLE_CELL, res->insns, v);
	fmt_long(table_cell(t, r, i++), TABLE_CELL, res->total_states, v);
	fmt_long(table_cell(t, r, i++), TABLE_CELL, res->peak_states, v);
	fmt_long(table_cell(t, r, i++), TABLE_CELL, res->max_states_per_insn, v);
	table_set(t, r, i++, res->stack_depth[0] ? res->stack_depth : "-");
	fmt_long(table_cell(t, r, i++), TABLE_CELL, (long)res->prog_size, true);
}

static void both_cells(struct table *t, size_t r, const struct vm_row *row,
		       int i)
{
	const struct vm_result *k = &row->res, *m = &row->model;
	bool v = verified(m);

	table_set(t, r, i++, vm_verdict_name(m->verdict));
	fmt_long(table_cell(t, r, i++), TABLE_CELL, m->insns, v);
	fmt_long(table_cell(t, r, i++), TABLE_CELL, m->total_states, v);
	fmt_long(table_cell(t, r, i++), TABLE_CELL, m->peak_states, v);
	if (v && verified(k) && k->insns > 0)
		snprintf(table_cell(t, r, i), TABLE_CELL, "%+.1f%%",
			 100.0 * (double)(m->insns - k->insns) / (double)k->insns);
	else
		table_set(t, r, i, "-");
}

static void print_table(FILE *f, const struct vm_row *rows, size_t n, bool both)
{
	static const char *const head[] = {
		"File", "Program", "Type", "Verdict", "Duration (us)", "Insns",
		"States", "Peak states", "Max states per insn", "Stack depth",
		"Prog size", "Model verdict", "Model insns", "Model states",
		"Model peak states", "Insns error",
	};
	size_t ncols = both ? 16 : 11;
	struct table *t = table_new(n + 1, ncols);

	if (!t)
		return;
	for (size_t c = 0; c < ncols; c++)
		table_set(t, 0, c, head[c]);
	for (size_t r = 0; r < n; r++) {
		row_cells(t, r + 1, &rows[r]);
		if (both)
			both_cells(t, r + 1, &rows[r], 11);
	}
	table_print(f, t, 4);  /* text columns left, figures right */
	table_free(t);
	for (size_t r = 0; r < n; r++)
		if (rows[r].res.verdict != VM_ACCEPTED && rows[r].res.reason[0])
			fprintf(f, "%s/%s: %s\n", rows[r].file, rows[r].res.prog,
				rows[r].res.reason);
}

static void csv_field(FILE *f, const char *s, bool last)
{
	if (strpbrk(s, ",\"\n")) {
		fputc('"', f);
		for (; *s; s++) {
			if (*s == '"')
				fputc('"', f);
			fputc(*s == '\n' ? ' ' : *s, f);
		}
		fputc('"', f);
	} else {
		fputs(s, f);
	}
	fputc(last ? '\n' : ',', f);
}

/* --backend=both: the model's figures after the kernel's. */
static void csv_model(FILE *f, const struct vm_result *m)
{
	char v[4][32];

	snprintf(v[0], 32, "%ld", m->insns);
	snprintf(v[1], 32, "%ld", m->total_states);
	snprintf(v[2], 32, "%ld", m->peak_states);
	snprintf(v[3], 32, "%ld", m->duration_us);
	csv_field(f, vm_verdict_name(m->verdict), false);
	for (int i = 0; i < 4; i++)
		csv_field(f, v[i], false);
	csv_field(f, m->reason, false);
	csv_field(f, m->stack_depth, true);
}

static void print_csv(FILE *f, const struct vm_row *rows, size_t n, bool both)
{
	static const char *const model_cols[] = {
		"model_verdict", "model_insns", "model_states", "model_peak_states",
		"model_duration_us", "model_reason", "model_stack_depth",
	};
	const size_t n_model_cols = sizeof(model_cols) / sizeof(model_cols[0]);

	for (size_t c = 0; c < N_CSV_COLS; c++)
		csv_field(f, csv_cols[c], c + 1 == N_CSV_COLS && !both);
	for (size_t c = 0; both && c < n_model_cols; c++)
		csv_field(f, model_cols[c], c + 1 == n_model_cols);
	for (size_t r = 0; r < n; r++) {
		const struct vm_result *res = &rows[r].res;
		char v[7][32];

		snprintf(v[0], 32, "%ld", res->duration_us);
		snprintf(v[1], 32, "%ld", res->insns);
		snprintf(v[2], 32, "%ld", res->total_states);
		snprintf(v[3], 32, "%ld", res->peak_states);
		snprintf(v[4], 32, "%ld", res->max_states_per_insn);
		snprintf(v[5], 32, "%zu", res->prog_size);
		csv_field(f, rows[r].file, false);
		csv_field(f, res->prog, false);
		csv_field(f, res->section, false);
		csv_field(f, rows[r].type, false);
		csv_field(f, vm_verdict_name(res->verdict), false);
		for (int i = 0; i < 5; i++)
			csv_field(f, v[i], false);
		csv_field(f, res->stack_depth, false);
		csv_field(f, v[5], false);
		csv_field(f, res->reason, !both);
		if (both)
			csv_model(f, &rows[r].model);
	}
}

static json_t *result_json(const struct vm_result *res)
{
	return json_pack("{s:s, s:s, s:s, s:I, s:I, s:I, s:I, s:I, s:s, s:I}",
			 "program", res->prog, "section", res->section,
			 "verdict", vm_verdict_name(res->verdict),
			 "duration_us", (json_int_t)res->duration_us,
			 "insns", (json_int_t)res->insns,
			 "states", (json_int_t)res->total_states,
			 "peak_states", (json_int_t)res->peak_states,
			 "max_states_per_insn", (json_int_t)res->max_states_per_insn,
			 "stack_depth", res->stack_depth,
			 "prog_size", (json_int_t)res->prog_size);
}

static json_t *lines_json(const struct vm_row *row)
{
	json_t *a = json_array();

	for (size_t i = 0; a && i < row->n_lines; i++)
		json_array_append_new(a, json_pack("{s:s, s:i, s:I}",
			"file", row->lines[i].file, "line", (int)row->lines[i].line,
			"insns", (json_int_t)row->lines[i].insns));
	return a;
}

static void print_json(FILE *f, const struct vm_row *rows, size_t n, bool both)
{
	json_t *arr = json_array();

	for (size_t r = 0; arr && r < n; r++) {
		json_t *o = result_json(&rows[r].res);

		if (!o)
			continue;
		json_object_set_new(o, "file", json_string(rows[r].file));
		json_object_set_new(o, "type", json_string(rows[r].type));
		json_object_set_new(o, "reason", json_string(rows[r].res.reason));
		if (both && rows[r].has_model)
			json_object_set_new(o, "model", result_json(&rows[r].model));
		if (rows[r].n_lines)
			json_object_set_new(o, "lines", lines_json(&rows[r]));
		json_array_append_new(arr, o);
	}
	json_dumpf(arr, f, JSON_INDENT(2));
	fputc('\n', f);
	json_decref(arr);
}

void report__print(FILE *f, enum vm_format fmt, const struct vm_row *rows,
		   size_t n, bool both)
{
	if (fmt == VM_FMT_CSV)
		print_csv(f, rows, n, both);
	else if (fmt == VM_FMT_JSON)
		print_json(f, rows, n, both);
	else
		print_table(f, rows, n, both);
}

void report__free_rows(struct vm_row *rows, size_t n)
{
	for (size_t i = 0; rows && i < n; i++) {
		vm_result__free(&rows[i].res);
		vm_result__free(&rows[i].model);
		free(rows[i].lines);
	}
	free(rows);
}
