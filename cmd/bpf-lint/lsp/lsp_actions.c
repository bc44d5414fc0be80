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
#include <limits.h>
#include "cmd/bpf-lint/lsp/lsp_diag.h"
#include "rewrite/atomic.h"
#include "rewrite/fileset.h"
#include "rewrite/plan.h"

static bool meets(const char *text, size_t len, const struct bpf_finding *f,
		  struct lsp_pos from, struct lsp_pos to)
{
	struct lsp_pos s = lsp_pos_of(text, len, f->offset);
	struct lsp_pos e = lsp_pos_of(text, len, f->end_offset);

	return lsp_pos_cmp(s, to) <= 0 && lsp_pos_cmp(from, e) <= 0;
}

/* A note's fix (the cost pass measured no gain or a loss) is offered, not preferred. */
static int preferred(const struct bpf_finding *f)
{
	return f->severity != BPF_SEV_NOTE;
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
				"title", title, "kind", "quickfix", "isPreferred", preferred(f),
				"diagnostics", lsp_diagnostic(f, text, len),
				"edit", "changes", uri, text_edits(p, text, len));
	free(title);
	free(allowed);
	return act;
}

/* file:// URI of path (its real path; the few characters URIs reserve escaped). */
static char *uri_of(const char *path)
{
	char real[PATH_MAX], *out, *o;

	if (!realpath(path, real))
		return NULL;
	out = malloc(strlen(real) * 3 + 8);
	if (!out)
		return NULL;
	o = out + sprintf(out, "file://");
	for (const char *p = real; *p; p++)
		o += strchr(" %#?", *p) ? sprintf(o, "%%%02X", (unsigned char)*p)
					: sprintf(o, "%c", *p);
	return out;
}

/* Plan every file f's fix edits: the open buffer for the document, the disk for the others. */
static int plan_set(struct fix_fileset *set, const char *path, const char *text, size_t len,
		    const struct bpf_findings *fs)
{
	size_t n = 0;
	const char **paths = fix_fileset__paths(set, &n);
	int err = paths ? 0 : -1;

	for (size_t i = 0; i < n && !err; i++) {
		struct file_snapshot snap;
		char why[256];

		if (!strcmp(paths[i], path)) {
			err = fix_fileset__plan(set, path, text, len, fs->declared, fs->target_kernel);
			continue;
		}
		err = file_snapshot__read(&snap, paths[i], why, sizeof(why));
		if (!err)
			err = fix_fileset__plan(set, paths[i], snap.bytes, snap.len, fs->declared,
						fs->target_kernel);
		file_snapshot__free(&snap);
	}
	free(paths);
	return err ? err : fix_fileset__select(set, NULL);
}

/*
 * A fix whose edits reach other files (a header's definition): one
 * WorkspaceEdit with the changes of every document it touches.
 */
static json_t *set_action_for(const struct bpf_finding *f, const char *doc_uri, const char *path,
			      const char *text, size_t len, const struct bpf_findings *fs)
{
	struct fix_fileset set = { 0 };
	json_t *changes = json_object(), *act = NULL;
	char *title = NULL;

	if (!fix_fileset__add(&set, f) && !plan_set(&set, path, text, len, fs) &&
	    fix_fileset__applied(&set, 0)) {
		for (size_t i = 0; i < set.n_files; i++) {
			const struct fix_plan *p = &set.files[i];
			/* the document keeps the client's URI for it */
			char *uri = !strcmp(p->path, path) ? strdup(doc_uri) : uri_of(p->path);

			if (uri && p->n_edits)
				json_object_set_new(changes, uri, text_edits(p, p->orig, p->orig_len));
			free(uri);
		}
		if (json_object_size(changes) && asprintf(&title, "Fix [%s]: %s", f->rule,
							  f->message) >= 0)
			act = json_pack("{s:s, s:s, s:b, s:[o], s:{s:O}}",
					"title", title, "kind", "quickfix", "isPreferred", preferred(f),
					"diagnostics", lsp_diagnostic(f, text, len),
					"edit", "changes", changes);
	}
	json_decref(changes);
	free(title);
	fix_fileset__free(&set);
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

		if ((p.cand[k].check != FIX_APPLIED && p.cand[k].check != FIX_SKIP_ELSEWHERE) ||
		    !f->file || strcmp(f->file, path) || !meets(text, len, f, from, to))
			continue;
		act = p.cand[k].check == FIX_APPLIED ? action_for(&p, k, uri, text, len)
						     : set_action_for(f, uri, path, text, len, fs);
		if (act)
			json_array_append_new(arr, act);
	}
	fix_plan__free(&p);
	return arr;
}
