/* SPDX-License-Identifier: GPL-2.0-only */
/* --format=sarif: SARIF 2.1.0, the shape GitHub code scanning uploads take. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "config.h"
#include "lint/print.h"
#include "rules/rule.h"

#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"
#define TOOL_URI "https://github.com/bpf-lint/bpf-lint"

static json_t *driver_rules(void)
{
	json_t *rules = json_array();

	for (unsigned i = 0; i < bpf_rules_count; i++) {
		const struct bpf_rule *r = bpf_rules[i];

		json_array_append_new(rules, json_pack(
			"{s:s, s:{s:s}, s:{s:s}, s:{s:s}, s:{s:s}}", "id", r->id,
			"shortDescription", "text", r->summary,
			"fullDescription", "text", r->summary,
			"help", "text", r->explanation,
			"defaultConfiguration", "level", severity_name(r->severity)));
	}
	return rules;
}

/* Relative paths stay relative (GitHub resolves them from the checkout). */
static json_t *artifact(const char *file)
{
	if (file[0] == '/') {
		char *uri = NULL;
		json_t *o;

		if (asprintf(&uri, "file://%s", file) < 0)
			return NULL;
		o = json_pack("{s:s}", "uri", uri);
		free(uri);
		return o;
	}
	return json_pack("{s:s, s:s}", "uri", file, "uriBaseId", "%SRCROOT%");
}

static json_t *fixes(const struct bpf_finding *f)
{
	json_t *changes;

	if (f->fix.unfixable || !f->fix.n_edits)
		return json_array();
	changes = json_array();
	for (size_t i = 0; i < f->fix.n_edits; i++) {
		const struct bpf_edit *e = &f->fix.edits[i];

		json_array_append_new(changes, json_pack(
			"{s:o, s:[{s:{s:I, s:I}, s:{s:s}}]}", "artifactLocation", artifact(e->file),
			"replacements", "deletedRegion", "byteOffset", (json_int_t)e->offset,
			"byteLength", (json_int_t)e->length, "insertedContent", "text", e->text));
	}
	return json_pack("[{s:{s:s}, s:o}]", "description", "text", "bpf-fix rewrite",
			 "artifactChanges", changes);
}

static int rule_index(const char *id)
{
	for (unsigned i = 0; i < bpf_rules_count; i++)
		if (!strcmp(bpf_rules[i]->id, id))
			return (int)i;
	return -1;
}

static json_t *result(const struct bpf_finding *f)
{
	json_t *region = json_pack("{s:I, s:I, s:I, s:I}", "startLine", (json_int_t)f->line,
				   "startColumn", (json_int_t)f->col, "endLine",
				   (json_int_t)f->end_line, "endColumn", (json_int_t)f->end_col);
	json_t *o = json_pack("{s:s, s:i, s:s, s:{s:s}, s:[{s:{s:o, s:o}}], s:o}",
			      "ruleId", f->rule, "ruleIndex", rule_index(f->rule),
			      "level", severity_name(f->severity), "message", "text", f->message,
			      "locations", "physicalLocation", "artifactLocation",
			      artifact(f->file), "region", region, "fixes", fixes(f));

	return o;
}

int print_sarif(FILE *out, const struct bpf_findings *list)
{
	json_t *results = json_array(), *log;
	int rc;

	for (size_t i = 0; i < list->n; i++)
		json_array_append_new(results, result(&list->v[i]));
	log = json_pack("{s:s, s:s, s:[{s:{s:{s:s, s:s, s:s, s:o}}, s:o}]}",
			"$schema", SARIF_SCHEMA, "version", "2.1.0", "runs", "tool", "driver",
			"name", "bpf-lint", "version", BPF_LINT_VERSION, "informationUri", TOOL_URI,
			"rules", driver_rules(), "results", results);
	if (!log)
		return -ENOMEM;
	rc = json_dumpf(log, out, JSON_INDENT(2) | JSON_ENSURE_ASCII);
	fputc('\n', out);
	json_decref(log);
	return rc ? -EIO : 0;
}
