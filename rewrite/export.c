// SPDX-License-Identifier: GPL-2.0-only
/* clang-tidy's export-fixes YAML through libyaml's emitter (see export.h). */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <yaml.h>
#include "rewrite/export.h"

static int scalar(yaml_emitter_t *em, const char *s, yaml_scalar_style_t style)
{
	yaml_event_t ev;

	if (!yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)s, (int)strlen(s),
					  1, 1, style))
		return -ENOMEM;
	return yaml_emitter_emit(em, &ev) ? 0 : -EINVAL;
}

static int str(yaml_emitter_t *em, const char *s)
{
	return scalar(em, s, YAML_DOUBLE_QUOTED_SCALAR_STYLE);
}

static int num(yaml_emitter_t *em, unsigned long v)
{
	char b[32];

	snprintf(b, sizeof(b), "%lu", v);
	return scalar(em, b, YAML_PLAIN_SCALAR_STYLE);
}

static int key(yaml_emitter_t *em, const char *k)
{
	return scalar(em, k, YAML_PLAIN_SCALAR_STYLE);
}

static int begin(yaml_emitter_t *em, bool map)
{
	yaml_event_t ev;

	if (map)
		yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE);
	else
		yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1, YAML_BLOCK_SEQUENCE_STYLE);
	return yaml_emitter_emit(em, &ev) ? 0 : -EINVAL;
}

static int end(yaml_emitter_t *em, bool map)
{
	yaml_event_t ev;

	if (map)
		yaml_mapping_end_event_initialize(&ev);
	else
		yaml_sequence_end_event_initialize(&ev);
	return yaml_emitter_emit(em, &ev) ? 0 : -EINVAL;
}

static const char *level(enum bpf_severity sev)
{
	return sev == BPF_SEV_ERROR ? "Error" : sev == BPF_SEV_NOTE ? "Remark" : "Warning";
}

/* One diagnostic: the edits of plan->edits[] that belong to candidate cand. */
static int diagnostic(yaml_emitter_t *em, const struct fix_plan *p, long cand,
		      const char *build_dir)
{
	const struct bpf_finding *f = cand >= 0 ? p->cand[cand].finding : NULL;
	int err = begin(em, true);

	err = err ?: key(em, "DiagnosticName");
	err = err ?: str(em, f ? f->rule : "bpf-fix-definitions");
	err = err ?: key(em, "DiagnosticMessage");
	err = err ?: begin(em, true);
	err = err ?: key(em, "Message");
	err = err ?: str(em, f && f->message ? f->message
				: "definitions the fixed code needs (guarded)");
	err = err ?: key(em, "FilePath");
	err = err ?: str(em, p->path);
	err = err ?: key(em, "FileOffset");
	err = err ?: num(em, f ? f->offset : 0);
	err = err ?: key(em, "Replacements");
	err = err ?: begin(em, false);
	for (size_t i = 0; i < p->n_edits && !err; i++) {
		const struct fix_rendered_edit *r = &p->edits[i];

		if (r->cand != cand)
			continue;
		err = begin(em, true);
		err = err ?: key(em, "FilePath");
		err = err ?: str(em, p->path);
		err = err ?: key(em, "Offset");
		err = err ?: num(em, r->offset);
		err = err ?: key(em, "Length");
		err = err ?: num(em, r->length);
		err = err ?: key(em, "ReplacementText");
		err = err ?: str(em, r->text);
		err = err ?: end(em, true);
	}
	err = err ?: end(em, false);
	err = err ?: end(em, true);
	err = err ?: key(em, "Level");
	err = err ?: scalar(em, f ? level(f->severity) : "Remark", YAML_PLAIN_SCALAR_STYLE);
	err = err ?: key(em, "BuildDirectory");
	err = err ?: str(em, build_dir);
	return err ?: end(em, true);
}

static int plan_diagnostics(yaml_emitter_t *em, const struct fix_plan *p,
			    const char *build_dir)
{
	int err = 0;

	for (size_t i = 0; i < p->n_edits && !err; i++)
		if (p->edits[i].cand < 0)
			err = diagnostic(em, p, -1, build_dir);
	for (size_t i = 0; i < p->n_cand && !err; i++)
		if (p->cand[i].status == FIX_APPLIED)
			err = diagnostic(em, p, (long)i, build_dir);
	return err;
}

static int document(yaml_emitter_t *em, struct fix_plan *const *plans, size_t n,
		    const char *build_dir)
{
	yaml_event_t ev;
	int err;

	yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING);
	if (!yaml_emitter_emit(em, &ev))
		return -EINVAL;
	yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 0);
	if (!yaml_emitter_emit(em, &ev))
		return -EINVAL;
	err = begin(em, true);
	err = err ?: key(em, "MainSourceFile");
	err = err ?: str(em, n ? plans[0]->path : "");
	err = err ?: key(em, "Diagnostics");
	err = err ?: begin(em, false);
	for (size_t i = 0; i < n && !err; i++)
		err = plan_diagnostics(em, plans[i], build_dir);
	err = err ?: end(em, false);
	err = err ?: end(em, true);
	if (err)
		return err;
	yaml_document_end_event_initialize(&ev, 0);
	if (!yaml_emitter_emit(em, &ev))
		return -EINVAL;
	yaml_stream_end_event_initialize(&ev);
	return yaml_emitter_emit(em, &ev) ? 0 : -EINVAL;
}

int export_fixes_write(const char *out_path, struct fix_plan *const *plans,
		       size_t n, const char *build_dir)
{
	yaml_emitter_t em;
	FILE *f = fopen(out_path, "w");
	int err;

	if (!f)
		return -errno;
	if (!yaml_emitter_initialize(&em)) {
		fclose(f);
		return -ENOMEM;
	}
	yaml_emitter_set_output_file(&em, f);
	yaml_emitter_set_unicode(&em, 1);
	yaml_emitter_set_width(&em, -1);
	err = document(&em, plans, n, build_dir);
	yaml_emitter_delete(&em);
	if (fclose(f) && !err)
		err = -errno;
	return err;
}
