/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A trial of a candidate subset (units.h). Fixes over several files are
 * measured in every unit that includes one of them: each unit compiles
 * with its own flags and the candidate files laid over the disk by a
 * clang VFS overlay (-ivfsoverlay), so quote includes and include paths
 * resolve as in the real tree; its programs are named "LABEL:prog".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "confirm/units.h"

static bool same_path(const char *a, const char *b)
{
	struct stat sa, sb;

	return !strcmp(a, b) || (!stat(a, &sa) && !stat(b, &sb) &&
				 sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino);
}

static void free_files(struct confirm_file *f, size_t n)
{
	for (size_t i = 0; f && i < n; i++)
		free(f[i].text);
	free(f);
}

static int write_file(const char *path, const char *text, size_t len)
{
	FILE *f = fopen(path, "w");
	int err = 0;

	if (!f)
		return -errno;
	if (fwrite(text, 1, len, f) != len)
		err = -EIO;
	if (fclose(f) && !err)
		err = -errno;
	return err;
}

/*
 * The overlay's entries laying tmp over the file at real: under that
 * path, and under every name a unit includes it by through a symlink,
 * since clang looks a header up by the name it includes it by.
 */
static void overlay_entries(FILE *y, bool first, const char *real, const char *tmp,
			    const struct confirm_unit *units, size_t n_units)
{
	static const char entry[] =
		"%s{ \"type\": \"file\", \"name\": \"%s\", \"external-contents\": \"%s\" }\n";

	fprintf(y, entry, first ? "" : ",", real, tmp);
	for (size_t u = 0; u < n_units; u++)
		for (size_t a = 0; a < units[u].n_aliases; a++) {
			char *to = realpath(units[u].aliases[a], NULL);

			if (to && !strcmp(to, real))
				fprintf(y, entry, ",", units[u].aliases[a], tmp);
			free(to);
		}
}

/*
 * The candidate files as temporaries, and the overlay naming them; 0 or
 * -errno. ov[i] says what the overlay lays where (its strings malloc'd).
 */
static int write_overlay(struct compile_dir *dir, const struct confirm_file *files, size_t n,
			 const struct confirm_unit *units, size_t n_units,
			 char *yaml, size_t ylen, struct compile_overlay_file *ov)
{
	unsigned id = dir->next_id++;
	char tmp[PATH_MAX + 64], real[PATH_MAX];
	FILE *y;
	int err = 0;

	snprintf(yaml, ylen, "%s/overlay%u.yaml", dir->path, id);
	y = fopen(yaml, "w");
	if (!y)
		return -errno;
	/* names as included, not the temporaries': __FILE__ is code */
	fprintf(y, "{ \"version\": 0, \"case-sensitive\": \"true\", "
		"\"use-external-names\": false, \"roots\": [\n");
	for (size_t i = 0; i < n && !err; i++) {
		const char *base = strrchr(files[i].path, '/');

		snprintf(tmp, sizeof(tmp), "%s/ov%u-%zu-%s", dir->path, id, i,
			 base ? base + 1 : files[i].path);
		err = write_file(tmp, files[i].text, files[i].len);
		if (!err && !realpath(files[i].path, real))
			err = -errno;
		if (!err)
			overlay_entries(y, i == 0, real, tmp, units, n_units);
		ov[i] = (struct compile_overlay_file){ .path = err ? NULL : strdup(real),
						       .external = err ? NULL : strdup(tmp),
						       .text = files[i].text, .len = files[i].len };
		if (!err && (!ov[i].path || !ov[i].external))
			err = -ENOMEM;
	}
	fprintf(y, "] }\n");
	if (fclose(y) && !err)
		err = -errno;
	return err;
}

static void free_overlay(struct compile_overlay_file *ov, size_t n)
{
	for (size_t i = 0; ov && i < n; i++) {
		free((char *)ov[i].path);
		free((char *)ov[i].external);
	}
	free(ov);
}

static int start_units(struct trial *t, const struct confirm_source *src, const bool *chosen,
		       struct compile_dir *dir)
{
	struct confirm_file *files = NULL;
	struct compile_overlay_file *ov = NULL;
	size_t nf = 0;
	char yaml[PATH_MAX + 64];
	int err = src->render_files(src->cookie, chosen, &files, &nf);

	if (!err && !(ov = calloc(nf + 1, sizeof(*ov))))
		err = -ENOMEM;
	if (!err)
		err = write_overlay(dir, files, nf, src->units, src->n_units, yaml, sizeof(yaml),
				    ov);
	for (size_t u = 0; u < src->n_units && !err; u++) {
		const struct confirm_unit *unit = &src->units[u];
		const char *text = unit->text;
		size_t len = unit->len;

		for (size_t i = 0; i < nf; i++)
			if (same_path(files[i].path, unit->path)) {
				text = files[i].text;
				len = files[i].len;
			}
		struct compile_opts cc = { .compiler = unit->compiler, .args = unit->args,
					   .cwd = unit->cwd, .overlay = yaml,
					   .overlay_files = ov, .n_overlay_files = nf };

		err = compile_job__start(&t->jobs[u], dir, unit->path, text, len, &cc);
	}
	free_overlay(ov, nf);
	free_files(files, nf);
	return err;
}

int trial__start(struct trial *t, const struct confirm_source *src, const bool *chosen,
		 struct compile_dir *dir)
{
	size_t len;
	char *text;
	int err;

	t->n = src->n_units ? src->n_units : 1;
	t->jobs = calloc(t->n, sizeof(*t->jobs));
	if (!t->jobs)
		return -ENOMEM;
	if (src->n_units) {
		err = start_units(t, src, chosen, dir);
	} else {
		text = src->render(src->cookie, chosen, &len);
		err = text ? compile_job__start(&t->jobs[0], dir, src->path, text, len, src->cc)
			   : -ENOMEM;
		free(text);
	}
	if (err)
		trial__cancel(t);
	return err;
}

bool trial__running(const struct trial *t)
{
	for (size_t i = 0; t->jobs && i < t->n; i++)
		if (t->jobs[i].pid || t->jobs[i].ready)
			return true;
	return false;
}

void trial__cancel(struct trial *t)
{
	for (size_t i = 0; t->jobs && i < t->n; i++)
		compile_job__cancel(&t->jobs[i]);
	free(t->jobs);
	t->jobs = NULL;
	t->n = 0;
}

/* ref's programs of unit label, names without "label:" (for the trial budget). */
static int unit_ref(const struct measurement *ref, const char *label, struct measurement *out)
{
	char prefix[32];
	size_t l = (size_t)snprintf(prefix, sizeof(prefix), "%.20s:", label);

	memset(out, 0, sizeof(*out));
	if (!ref)
		return 0;
	out->progs = calloc(ref->n_progs + 1, sizeof(*out->progs));
	if (!out->progs)
		return -ENOMEM;
	for (size_t i = 0; i < ref->n_progs; i++) {
		const struct prog_figures *p = &ref->progs[i];

		if (strncmp(p->name, prefix, l))
			continue;
		out->progs[out->n_progs] = *p;
		memmove(out->progs[out->n_progs].name, p->name + l, strlen(p->name + l) + 1);
		out->n_progs++;
	}
	return 0;
}

/* Move unit's programs into m as "label:name". */
static int merge(struct measurement *m, struct measurement *unit, const char *label)
{
	struct prog_figures *v = realloc(m->progs, (m->n_progs + unit->n_progs + 1) * sizeof(*v));

	if (!v)
		return -ENOMEM;
	m->progs = v;
	for (size_t i = 0; i < unit->n_progs; i++) {
		struct prog_figures *p = &v[m->n_progs++];

		*p = unit->progs[i];
		snprintf(p->name, sizeof(p->name), "%.20s:%.42s", label, unit->progs[i].name);
	}
	m->total += unit->total;
	unit->n_progs = 0;
	return 0;
}

static int finish_one(struct compile_job *job, const struct vm_backend *be,
		      const struct vm_options *opt, const struct measurement *ref,
		      struct measurement *m)
{
	int err;

	memset(m, 0, sizeof(*m));
	err = compile_job__finish(job, &m->compile_log);
	if (err == -EBADMSG) {
		m->compiled = false;
		return 0;
	}
	return err ? err : measurement__verify(m, job->obj, be, opt, ref);
}

int trial__finish(struct trial *t, const struct confirm_source *src,
		  const struct vm_backend *be, const struct vm_options *opt,
		  const struct measurement *ref, struct measurement *m)
{
	int err = 0;

	if (!src->n_units) {
		err = finish_one(&t->jobs[0], be, opt, ref, m);
		trial__cancel(t);
		return err;
	}
	memset(m, 0, sizeof(*m));
	m->compiled = true;
	for (size_t u = 0; u < t->n && !err && m->compiled; u++) {
		const char *label = src->units[u].label;
		struct measurement one, sub;

		err = unit_ref(ref, label, &sub);
		if (!err)
			err = finish_one(&t->jobs[u], be, opt, ref ? &sub : NULL, &one);
		free(sub.progs);
		if (!err && !one.compiled) {
			m->compiled = false;
			if (asprintf(&m->compile_log, "%s: %s", label,
				     one.compile_log ? one.compile_log : "") < 0)
				m->compile_log = NULL;
		} else if (!err && one.error[0]) {
			snprintf(m->error, sizeof(m->error), "%.40s: %.200s", label, one.error);
		}
		if (!err && one.compiled)
			err = merge(m, &one, label);
		measurement__free(&one);
	}
	trial__cancel(t);
	return err;
}

char *trial__render_blob(const struct confirm_source *src, const bool *chosen, size_t *len)
{
	struct confirm_file *files = NULL;
	size_t nf = 0, n = 0;
	char *blob;

	if (!src->n_units)
		return src->render(src->cookie, chosen, len);
	if (src->render_files(src->cookie, chosen, &files, &nf))
		return NULL;
	for (size_t i = 0; i < nf; i++)
		n += strlen(files[i].path) + 1 + files[i].len + 1;
	blob = malloc(n + 1);
	n = 0;
	for (size_t i = 0; blob && i < nf; i++) {
		size_t pl = strlen(files[i].path) + 1;

		memcpy(blob + n, files[i].path, pl);
		n += pl;
		memcpy(blob + n, files[i].text, files[i].len);
		n += files[i].len;
		blob[n++] = '\0';
	}
	free_files(files, nf);
	*len = n;
	return blob;
}
