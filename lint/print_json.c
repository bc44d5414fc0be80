/* SPDX-License-Identifier: GPL-2.0-only */
/* --format=json: an array of findings, fixes included, built with jansson. */
#include <errno.h>
#include <jansson.h>
#include "lint/print.h"
#include "lint/print_json.h"

static json_t *position(unsigned line, unsigned col, unsigned off)
{
	return json_pack("{s:I, s:I, s:I}", "line", (json_int_t)line, "col", (json_int_t)col,
			 "offset", (json_int_t)off);
}

json_t *json_fix(const struct bpf_fix *fix)
{
	json_t *edits = json_array();

	for (size_t i = 0; i < fix->n_edits; i++) {
		const struct bpf_edit *e = &fix->edits[i];

		json_array_append_new(edits, json_pack("{s:s, s:I, s:I, s:s}", "file", e->file,
						       "offset", (json_int_t)e->offset,
						       "length", (json_int_t)e->length, "text", e->text));
	}
	return json_pack("{s:o, s:s?, s:I, s:I}", "edits", edits, "unfixable", fix->unfixable,
			 "needs", (json_int_t)fix->needs, "min_kernel", (json_int_t)fix->min_kernel);
}

json_t *json_finding(const struct bpf_finding *f)
{
	json_t *notes = json_array();

	json_t *obj;

	for (size_t i = 0; i < f->n_notes; i++)
		json_array_append_new(notes, json_string(f->notes[i]));
	obj = json_pack("{s:s, s:s, s:s, s:{s:o, s:o}, s:s, s:o, s:o}",
			"rule", f->rule, "severity", severity_name(f->severity), "file", f->file,
			"range", "start", position(f->line, f->col, f->offset),
			"end", position(f->end_line, f->end_col, f->end_offset),
			"message", f->message, "notes", notes, "fix", json_fix(&f->fix));
	/* processed insns attributed by --cost; absent when not measured */
	if (obj && f->cost >= 0)
		json_object_set_new(obj, "cost", json_integer(f->cost));
	return obj;
}

int print_json(FILE *out, const struct bpf_findings *list)
{
	json_t *arr = json_array();
	int rc;

	if (!arr)
		return -ENOMEM;
	for (size_t i = 0; i < list->n; i++) {
		json_t *o = json_finding(&list->v[i]);

		if (!o || json_array_append_new(arr, o)) {
			json_decref(arr);
			return -ENOMEM;
		}
	}
	rc = json_dumpf(arr, out, JSON_INDENT(2) | JSON_ENSURE_ASCII);
	fputc('\n', out);
	json_decref(arr);
	return rc ? -EIO : 0;
}
