/* SPDX-License-Identifier: GPL-2.0-only */
/* Warm units: parse once with a precompiled preamble, then reparse. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lint/internal.h"
#include "lint/warm.h"

struct warm_unit {
	char *path;
	char *args_key;          /* the arguments joined: a change means a new parse */
	CXTranslationUnit tu;
};

struct lint_warm {
	CXIndex index;
	struct warm_unit *v;
	size_t n;
};

struct lint_warm *lint_warm_new(void)
{
	struct lint_warm *w = calloc(1, sizeof(*w));

	if (!w)
		return NULL;
	/*
	 * Preambles in memory, not in temporary files: a worker killed at
	 * its limit (worker.c) leaves nothing behind in /tmp.
	 */
	CXIndexOptions io = { .Size = sizeof(io), .StorePreamblesInMemory = 1 };

	w->index = clang_createIndexWithOptions(&io);
	if (!w->index) {
		free(w);
		return NULL;
	}
	return w;
}

static void unit_free(struct warm_unit *u)
{
	if (u->tu)
		clang_disposeTranslationUnit(u->tu);
	free(u->path);
	free(u->args_key);
	memset(u, 0, sizeof(*u));
}

void lint_warm_forget(struct lint_warm *w, const char *path)
{
	for (size_t i = 0; i < w->n; i++)
		if (!strcmp(w->v[i].path, path)) {
			unit_free(&w->v[i]);
			w->v[i] = w->v[--w->n];
			return;
		}
}

void lint_warm_free(struct lint_warm *w)
{
	if (!w)
		return;
	for (size_t i = 0; i < w->n; i++)
		unit_free(&w->v[i]);
	free(w->v);
	clang_disposeIndex(w->index);
	free(w);
}

static char *join_args(char **args)
{
	size_t len = 1;
	char *key;

	for (char **a = args; *a; a++)
		len += strlen(*a) + 1;
	key = calloc(1, len);
	if (!key)
		return NULL;
	for (char **a = args; *a; a++) {
		strcat(key, *a);
		strcat(key, "\x1f");
	}
	return key;
}

static struct warm_unit *find_unit(struct lint_warm *w, const char *path, const char *key)
{
	for (size_t i = 0; i < w->n; i++)
		if (!strcmp(w->v[i].path, path)) {
			if (!strcmp(w->v[i].args_key, key))
				return &w->v[i];
			lint_warm_forget(w, path);
			return NULL;
		}
	return NULL;
}

/* libclang's own recovery caught a crash: -ECANCELED, else -EBADMSG. */
static int parse_failed(enum CXErrorCode rc, const char *path, const char *verb, char **err)
{
	if (rc == CXError_Crashed) {
		*err = lint__strdupf("%s: clang crashed parsing the file (out of the memory "
				     "limit per file? --parse-limits)", path);
		return -ECANCELED;
	}
	*err = lint__strdupf("%s: clang could not %s the file (error %d)", path, verb, rc);
	return -EBADMSG;
}

static struct warm_unit *new_unit(struct lint_warm *w, const char *path, char *key,
				  char **args, struct CXUnsavedFile *uf, char **err, int *rc)
{
	enum CXErrorCode cx;
	unsigned flags = CXTranslationUnit_DetailedPreprocessingRecord |
			 CXTranslationUnit_PrecompiledPreamble |
			 CXTranslationUnit_CreatePreambleOnFirstParse;
	struct warm_unit *nv = realloc(w->v, (w->n + 1) * sizeof(*nv)), *u;
	int argc = 0;

	if (!nv)
		return NULL;
	w->v = nv;
	u = &w->v[w->n];
	while (args[argc])
		argc++;
	cx = clang_parseTranslationUnit2(w->index, path, (const char *const *)args, argc,
					 uf, 1, flags, &u->tu);
	if (cx != CXError_Success) {
		*rc = parse_failed(cx, path, "parse", err);
		return NULL;
	}
	u->path = strdup(path);
	u->args_key = key;
	w->n++;
	return u;
}

/* The unit for path holding uf's contents: reparsed if kept, else parsed. */
static CXTranslationUnit warm_unit(struct lint_warm *w, const char *path,
				   const struct lint_options *opt,
				   struct CXUnsavedFile *uf, char **err, bool *reparsed, int *rc)
{
	char **args = lint_compile_args(path, opt);
	char *key = args ? join_args(args) : NULL;
	struct warm_unit *u = key ? find_unit(w, path, key) : NULL;
	int cx;

	*reparsed = false;
	*rc = -ENOMEM;
	if (u) {
		free(key);
		*reparsed = true;
		cx = clang_reparseTranslationUnit(u->tu, 1, uf, clang_defaultReparseOptions(u->tu));
		if (cx) {
			lint_warm_forget(w, path);  /* the unit is unusable now */
			*rc = parse_failed((enum CXErrorCode)cx, path, "reparse", err);
			u = NULL;
		}
	} else if (key) {
		u = new_unit(w, path, key, args, uf, err, rc);
		if (!u)
			free(key);
	}
	lint_args_free(args);
	if (!u && !*err)
		*err = strdup("out of memory");
	if (u)
		*rc = 0;
	return u ? u->tu : NULL;
}

int lint_warm_run(struct lint_warm *w, const char *path,
		  const struct lint_options *opt, struct bpf_findings *out,
		  char **err, bool *reparsed)
{
	struct CXUnsavedFile uf = { path, opt->unsaved_text, opt->unsaved_len };
	struct lint_prep prep;
	CXTranslationUnit tu;
	int rc;

	*err = NULL;
	*reparsed = false;
	if (!opt->unsaved_text) {
		*err = lint__strdupf("%s: no buffer to lint", path);
		return -EINVAL;
	}
	rc = lint__prepare(&prep, path, opt, err);
	if (rc)
		return rc;
	tu = warm_unit(w, path, opt, &uf, err, reparsed, &rc);
	if (tu && (*err = lint__parse_errors(tu)))
		rc = -EBADMSG;   /* keep the unit: the next edit may fix it */
	else if (tu)
		lint__check_unit(&prep, tu, path, opt, out);
	lint__prepare_free(&prep);
	return rc;
}
