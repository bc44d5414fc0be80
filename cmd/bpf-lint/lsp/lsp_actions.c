/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * textDocument/codeAction: each finding's fix, rendered by rewrite/'s
 * plan with only that fix chosen, so the editor applies exactly what
 * bpf-fix would write for it (indentation, definitions it needs).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/bpf-lint/lsp/lsp_diag.h"
#include "rewrite/plan.h"

static bool meets(const char *text, size_t len, const struct bpf_finding *f,
		  struct lsp_pos from, struct lsp_pos to)
{
	struct lsp_pos s = lsp_pos_of(text, len, f->offset);
	struct lsp_pos e = lsp_pos_of(text, len, f->end_offset);

	return lsp_pos_cmp(s, to) <= 0 && lsp_pos_cmp(from, e) <= 0;
}

static json_t *text_edits(const struct fix_plan *p, const char *text, size_t len)
{
	json_t *arr = json_array();

	for (size_t i = 0; i < p->n_edits; i++) {
		const struct fix_rendered_edit *e = &p->edits[i];

		json_array_append_new(arr, json_pack("{s:o, s:s}",
			"range", lsp_range_json(text, len, e->offset, e->offset + e->length),
			"newText", e->text ? e->text : ""));
	}
	return arr;
}

/* The action for candidate k alone, or NULL when it cannot be applied. */
static json_t *action_for(struct fix_plan *p, size_t k, const char *uri,
			  const char *text, size_t len)
{
	const struct bpf_finding *f = p->cand[k].finding;
	bool *allowed = calloc(p->n_cand, sizeof(*allowed));
	json_t *act = NULL;
	char *title = NULL;

	if (!allowed)
		return NULL;
	allowed[k] = true;
	if (!fix_plan__select(p, allowed) && p->cand[k].status == FIX_APPLIED &&
	    p->n_edits && asprintf(&title, "Fix [%s]: %s", f->rule, f->message) >= 0)
		act = json_pack("{s:s, s:s, s:b, s:[o], s:{s:{s:o}}}",
				"title", title, "kind", "quickfix", "isPreferred", 1,
				"diagnostics", lsp_diagnostic(f, text, len),
				"edit", "changes", uri, text_edits(p, text, len));
	free(title);
	free(allowed);
	return act;
}

json_t *lsp_code_actions(const char *uri, const char *path, const char *text,
			 size_t len, const struct bpf_findings *fs,
			 struct lsp_pos from, struct lsp_pos to)
{
	json_t *arr = json_array();
	struct fix_plan p;

	if (!fs || !fs->n || fix_plan__init(&p, path, text, len, fs, fs->target_kernel))
		return arr;
	for (size_t k = 0; k < p.n_cand; k++) {
		const struct bpf_finding *f = p.cand[k].finding;
		json_t *act;

		if (p.cand[k].check != FIX_APPLIED || !f->file || strcmp(f->file, path) ||
		    !meets(text, len, f, from, to))
			continue;
		act = action_for(&p, k, uri, text, len);
		if (act)
			json_array_append_new(arr, act);
	}
	fix_plan__free(&p);
	return arr;
}
