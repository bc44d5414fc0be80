// SPDX-License-Identifier: GPL-2.0-only
/*
 * --kernel=A,B: the same programs through several kernels' verifiers,
 * one row per program, verdict and counts per kernel, then the reasons
 * of the refusals ("will this load on my users' kernels?").
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "cmd/bpf-verify/report_table.h"
#include "cmd/bpf-verify/kernels.h"

#define PER_KERNEL 3	/* verdict, insns, peak states */

/* "6.1: BPF program is too large...; host: ..." for what did not pass. */
static void reasons(char *buf, size_t len, const struct vm_kernel *ks,
		    size_t nk, struct vm_row *const *runs, size_t i)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t k = 0; k < nk && used < len; k++) {
		const struct vm_result *r = &runs[k][i].res;

		if (r->verdict == VM_ACCEPTED)
			continue;
		used += snprintf(buf + used, len - used, "%s%s: %s",
				 used ? "; " : "", ks[k].name,
				 r->reason[0] ? r->reason : vm_verdict_name(r->verdict));
	}
}

static struct table *build(const struct vm_kernel *ks, size_t nk,
			   struct vm_row *const *runs, size_t n, size_t cols)
{
	struct table *t = table_new(n + 1, cols);

	if (!t)
		return NULL;
	table_set(t, 0, 0, "File");
	table_set(t, 0, 1, "Program");
	for (size_t k = 0; k < nk; k++) {
		snprintf(table_cell(t, 0, 2 + k * PER_KERNEL), TABLE_CELL, "Verdict (%s)", ks[k].name);
		snprintf(table_cell(t, 0, 3 + k * PER_KERNEL), TABLE_CELL, "Insns (%s)", ks[k].name);
		snprintf(table_cell(t, 0, 4 + k * PER_KERNEL), TABLE_CELL, "Peak states (%s)", ks[k].name);
	}
	if (cols > 2 + nk * PER_KERNEL)
		table_set(t, 0, cols - 1, "Reason");
	for (size_t i = 0; i < n; i++) {
		table_set(t, i + 1, 0, runs[0][i].file);
		table_set(t, i + 1, 1, runs[0][i].res.prog);
		for (size_t k = 0; k < nk; k++) {
			const struct vm_result *r = &runs[k][i].res;
			size_t c = 2 + k * PER_KERNEL;

			table_set(t, i + 1, c, vm_verdict_name(r->verdict));
			fmt_long(table_cell(t, i + 1, c + 1), TABLE_CELL, r->insns, true);
			fmt_long(table_cell(t, i + 1, c + 2), TABLE_CELL, r->peak_states, true);
		}
		if (cols > 2 + nk * PER_KERNEL)
			reasons(table_cell(t, i + 1, cols - 1), TABLE_CELL, ks, nk,
				runs, i);
	}
	return t;
}

static void print_csv(FILE *f, struct table *t, size_t cols)
{
	for (size_t r = 0; r < table_rows(t); r++)
		for (size_t c = 0; c < cols; c++) {
			const char *s = table_cell(t, r, c);
			bool quote = strpbrk(s, ",\"") != NULL;

			fputs(quote ? "\"" : "", f);
			for (; *s; s++)
				fprintf(f, *s == '"' ? "\"\"" : "%c", *s);
			fprintf(f, "%s%c", quote ? "\"" : "", c + 1 == cols ? '\n' : ',');
		}
}

static json_t *result_json(const struct vm_result *r)
{
	return json_pack("{s:s, s:I, s:I, s:I, s:s}", "verdict", vm_verdict_name(r->verdict),
			 "insns", (json_int_t)r->insns,
			 "states", (json_int_t)r->total_states,
			 "peak_states", (json_int_t)r->peak_states,
			 "reason", r->reason);
}

static void print_json(FILE *f, const struct vm_kernel *ks, size_t nk,
		       struct vm_row *const *runs, size_t n)
{
	json_t *arr = json_array();

	for (size_t i = 0; arr && i < n; i++) {
		json_t *per = json_object();

		for (size_t k = 0; per && k < nk; k++)
			json_object_set_new(per, ks[k].name, result_json(&runs[k][i].res));
		json_array_append_new(arr, json_pack("{s:s, s:s, s:o}",
			"file", runs[0][i].file, "program", runs[0][i].res.prog,
			"kernels", per));
	}
	json_dumpf(arr, f, JSON_INDENT(2));
	fputc('\n', f);
	json_decref(arr);
}

void vm_kernels__print(FILE *f, enum vm_format fmt, const struct vm_kernel *ks,
		       size_t nk, struct vm_row *const *runs, size_t n)
{
	struct table *t;
	size_t cols;

	if (fmt == VM_FMT_JSON) {
		print_json(f, ks, nk, runs, n);
		return;
	}
	cols = 2 + nk * PER_KERNEL + (fmt == VM_FMT_CSV);
	t = build(ks, nk, runs, n, cols);
	if (!t)
		return;
	if (fmt == VM_FMT_CSV)
		print_csv(f, t, cols);
	else
		table_print(f, t, 2);
	table_free(t);
	/* the table's last column is right-aligned: reasons go below it */
	for (size_t i = 0, shown = 0; fmt == VM_FMT_TABLE && i < n; i++) {
		char why[TABLE_CELL];

		reasons(why, sizeof(why), ks, nk, runs, i);
		if (why[0])
			fprintf(f, "%s%s %s: %s\n", shown++ ? "" : "\n",
				runs[0][i].file, runs[0][i].res.prog, why);
	}
}
