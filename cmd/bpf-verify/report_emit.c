/* SPDX-License-Identifier: GPL-2.0-only */
/* -e: one run's rows with the columns asked for (veristat's names). */
#include <stdlib.h>
#include <string.h>
#include "cmd/bpf-verify/report_emit.h"
#include "cmd/bpf-verify/report_table.h"

static const struct stat_spec default_emit = {
	.id = { ST_FILE, ST_PROG, ST_PROG_TYPE, ST_VERDICT, ST_DURATION, ST_INSNS,
		ST_STATES, ST_PEAK_STATES, ST_MAX_STATES, ST_STACK, ST_SIZE },
	.n = 11,
};

static bool is_text(enum stat_id id)
{
	return id == ST_FILE || id == ST_PROG || id == ST_PROG_TYPE || id == ST_VERDICT;
}

void report__print_stats(FILE *f, enum vm_format fmt, const struct vm_row *rows,
			 size_t n, const struct stat_spec *spec)
{
	const struct stat_spec *e = spec ? spec : &default_emit;
	struct table *t = table_new(n + 1, e->n);
	size_t text = 0;

	if (!t)
		return;
	for (int c = 0; c < e->n; c++)
		table_set(t, 0, c, fmt == VM_FMT_CSV ? stats__name(e->id[c])
						     : stats__header(e->id[c]));
	for (size_t r = 0; r < n; r++)
		for (int c = 0; c < e->n; c++)
			stats__cell(table_cell(t, r + 1, c), TABLE_CELL, &rows[r], e->id[c]);
	while (text < (size_t)e->n && is_text(e->id[text]))
		text++;
	if (fmt == VM_FMT_CSV)
		table_print_csv(f, t);
	else if (fmt == VM_FMT_MARKDOWN)
		table_print_markdown(f, t, text);
	else
		table_print(f, t, text);
	table_free(t);
	for (size_t r = 0; fmt != VM_FMT_CSV && r < n; r++)
		if (rows[r].res.verdict != VM_ACCEPTED && rows[r].res.reason[0])
			fprintf(f, "%s%s/%s: %s\n", fmt == VM_FMT_MARKDOWN ? "\n" : "",
				rows[r].file, rows[r].res.prog, rows[r].res.reason);
}
