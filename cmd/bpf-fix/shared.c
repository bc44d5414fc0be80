// SPDX-License-Identifier: GPL-2.0-only
/* The fixes in included files, over every unit that includes them (shared.h). */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cmd/bpf-fix/report.h"
#include "cmd/bpf-fix/shared.h"
#include "rewrite/atomic.h"
#include "rewrite/diff.h"
#include "rewrite/fileset.h"

static bool same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	return !strcmp(a, b) || (!stat(a, &sa) && !stat(b, &sb) &&
				 sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino);
}

/* Does f's fix edit a file other than its unit's main file? */
static bool edits_elsewhere(const struct bpf_finding *f, const char *unit)
{
	if (f->fix.unfixable)
		return false;
	for (size_t j = 0; j < f->fix.n_edits; j++)
		if (!same_file(f->fix.edits[j].file, unit))
			return true;
	return false;
}

/* Does f touch the main file of a unit whose own fixes changed it (offsets stale)? */
static bool touches_changed_unit(const struct bpf_finding *f, const struct shared_unit *u,
				 size_t n)
{
	for (size_t j = 0; j < f->fix.n_edits; j++)
		for (size_t k = 0; k < n; k++)
			if (u[k].changed && same_file(f->fix.edits[j].file, u[k].path))
				return true;
	return false;
}

static int collect(struct fix_fileset *set, const struct shared_unit *u, size_t n, FILE *out)
{
	struct report_seen seen = { 0 };	/* each unit finds a header's finding again */
	int rc = 0;

	for (size_t k = 0; !rc && k < n; k++)
		for (size_t i = 0; !rc && u[k].found && i < u[k].found->n; i++) {
			const struct bpf_finding *f = &u[k].found->v[i];

			if (!edits_elsewhere(f, u[k].path))
				continue;
			if (touches_changed_unit(f, u, n)) {
				if (report_seen__first(&seen, f->file, f->line, f->col, f->rule))
					fprintf(out, "%s:%u:%u: note: [%s] fix not applied: it also "
						"edits a file that fixes of its own changed\n",
						f->file, f->line, f->col, f->rule);
				continue;
			}
			if (fix_fileset__add(set, f))
				rc = -ENOMEM;
		}
	report_seen__free(&seen);
	return rc;
}

/* Does unit u read (include, or is) one of the set's files? */
static bool unit_reads(const struct shared_unit *u, const struct fix_fileset *set)
{
	for (size_t f = 0; f < set->n_files; f++) {
		const char *p = set->files[f].path;

		if (same_file(u->path, p))
			return true;
		for (size_t i = 0; i < u->found->n_includes; i++)
			if (!strcmp(u->found->includes[i], p))
				return true;
	}
	return false;
}

/* The set's files as read now; declared: what every unit has. */
static int plan_files(struct fix_fileset *set, struct file_snapshot *snaps,
		      const struct shared_unit *u, size_t n, const struct shared_opts *o)
{
	size_t np = 0;
	const char **paths = fix_fileset__paths(set, &np);
	unsigned declared = ~0u;
	char why[512];
	int err = paths ? 0 : -ENOMEM;

	for (size_t k = 0; k < n; k++)
		declared &= u[k].found->declared;
	for (size_t i = 0; i < np && !err; i++) {
		if (o->apply)
			file_snapshot__remove_stale(paths[i]);
		err = file_snapshot__read(&snaps[i], paths[i], why, sizeof(why));
		if (err)
			fprintf(stderr, "bpf-fix: %s: %s\n", paths[i], why);
		else
			err = fix_fileset__plan(set, snaps[i].path, snaps[i].bytes, snaps[i].len,
						declared, o->target_kernel);
	}
	free(paths);
	return err ? err : fix_fileset__select(set, NULL);
}

static void units_free(struct confirm_unit *v, size_t n)
{
	for (size_t i = 0; v && i < n; i++) {
		struct lint_command cmd = { (char *)v[i].compiler, (char *)v[i].cwd,
					    (char **)v[i].args };

		lint_command__free(&cmd);
	}
	free(v);
}

/* The units to measure in: every one that reads a file of the set. */
static struct confirm_unit *units_of(const struct fix_fileset *set, const struct shared_unit *u,
				     size_t n, const struct lint_options *opt, size_t *nu)
{
	struct confirm_unit *v = calloc(n + 1, sizeof(*v));

	*nu = 0;
	for (size_t k = 0; v && k < n; k++) {
		const char *base = strrchr(u[k].path, '/');
		struct lint_command cmd;

		if (!u[k].found || !unit_reads(&u[k], set))
			continue;
		/* each unit as the project compiles it: its database entry's compiler */
		if (lint_compile_command(u[k].path, opt, &cmd)) {
			units_free(v, *nu);
			*nu = 0;
			return NULL;
		}
		v[(*nu)++] = (struct confirm_unit){ .path = u[k].path, .args = cmd.args,
						    .compiler = cmd.compiler, .cwd = cmd.dir,
						    .text = u[k].text, .len = u[k].len,
						    .label = base ? base + 1 : u[k].path,
						    .aliases = u[k].found->include_aliases,
						    .n_aliases = u[k].found->n_include_aliases };
	}
	return v;
}


static int show_and_write(struct fix_fileset *set, struct file_snapshot *snaps,
			  const struct shared_opts *o)
{
	const char **bytes = calloc(set->n_files + 1, sizeof(*bytes));
	size_t *lens = calloc(set->n_files + 1, sizeof(*lens));
	char why[512];
	int status = 1;

	for (size_t f = 0; bytes && lens && f < set->n_files; f++) {
		const struct fix_plan *p = &set->files[f];
		char *shown = diff_display_path(p->path), *diff = NULL;
		size_t len;

		bytes[f] = p->out;
		lens[f] = p->out_len;
		o->tot->files_changed += fix_plan__changed(p);
		if (diff_unified(shown ? shown : p->path, p->orig, p->orig_len, p->out,
				 p->out_len, &diff, &len) == 0)
			fwrite(diff, 1, len, stdout);
		else
			status = 2;
		free(diff);
		free(shown);
	}
	if (!bytes || !lens)
		status = 2;
	else if (status == 1 && o->apply &&
		 file_set__replace(snaps, bytes, lens, set->n_files, o->write, why, sizeof(why))) {
		fprintf(stderr, "bpf-fix: the fixes in included files were not written: %s\n", why);
		status = 2;
	}
	free(bytes);
	free(lens);
	return status;
}

int shared_stage__run(const struct shared_unit *units, size_t n, struct shared_opts *o)
{
	struct fix_fileset set = { 0 };
	struct file_snapshot *snaps = NULL;
	struct confirm_unit *cu = NULL;
	size_t ncu = 0;
	int status = 0;

	if (collect(&set, units, n, o->out))
		return 2;
	if (!set.cands.n)
		goto out;
	size_t edits = 0;

	for (size_t i = 0; i < set.cands.n; i++)
		edits += set.cands.v[i].fix.n_edits;
	snaps = calloc(edits + 1, sizeof(*snaps));	/* a file per edit at most */
	if (!snaps || plan_files(&set, snaps, units, n, o)) {
		status = 2;
		goto out;
	}
	for (size_t f = 0; f < set.n_files; f++)
		report_skipped(o->out, set.files[f].path, &set.files[f], NULL);
	cu = units_of(&set, units, n, o->opt, &ncu);
	if (!cu) {
		status = 2;
		goto out;
	}
	status = verify_stage__run_set(&set, cu, ncu, o->verify, o->out, o->tot);
	if (!status && fix_fileset__changed(&set)) {
		for (size_t i = 0; i < fix_fileset__n_cand(&set); i++)
			if (fix_fileset__applied(&set, i))
				rule_tally__add(o->fixes, set.files[0].cand[i].finding->rule);
		for (size_t f = 0; f < set.n_files; f++)
			o->files_changed += fix_plan__changed(&set.files[f]);
		status = show_and_write(&set, snaps, o);
	}
out:
	for (size_t i = 0; snaps && snaps[i].path; i++)
		file_snapshot__free(&snaps[i]);
	free(snaps);
	units_free(cu, ncu);
	fix_fileset__free(&set);
	return status;
}
