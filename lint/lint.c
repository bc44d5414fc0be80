/* SPDX-License-Identifier: GPL-2.0-only */
/* lint_run: check the input, load config, parse, refuse broken trees, run rules. */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lint/internal.h"
#include "lint/compile_db.h"
#include "lint/isolate.h"
#include "lint/lint.h"
#include "lint/pch.h"

struct lint_session {
	CXIndex index;
	CXIndex pch_index;       /* excludes the PCH's declarations from visits */
};

/*
 * One tiny parse, so that libclang's lazy one-time setup is done here and
 * not again in every forked child (0.24 s a file otherwise, measured).
 */
static void warm_up(CXIndex index)
{
	static const char name[] = "bpf-lint-warm-up.c", text[] = "int x;\n";
	struct CXUnsavedFile f = { name, text, sizeof(text) - 1 };
	const char *args[] = { "-target", "bpf" };
	CXTranslationUnit tu = NULL;

	if (!clang_parseTranslationUnit2(index, name, args, 2, &f, 1, 0, &tu))
		clang_disposeTranslationUnit(tu);
}

struct lint_session *lint_session_new(void)
{
	struct lint_session *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	/* no fork while this thread is inside libclang (isolate.c) */
	lint__fork_lock(true);
	s->index = clang_createIndex(0, 0);
	s->pch_index = clang_createIndex(1, 0);
	if (s->index)
		warm_up(s->index);
	lint__fork_unlock();
	if (!s->index || !s->pch_index) {
		if (s->index)
			clang_disposeIndex(s->index);
		if (s->pch_index)
			clang_disposeIndex(s->pch_index);
		free(s);
		return NULL;
	}
	return s;
}

void lint_session_free(struct lint_session *s)
{
	if (!s)
		return;
	lint__fork_lock(true);
	clang_disposeIndex(s->index);
	clang_disposeIndex(s->pch_index);
	lint__fork_unlock();
	free(s);
}

char *lint__strdupf(const char *fmt, ...)
{
	char *s = NULL;
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vasprintf(&s, fmt, ap);
	va_end(ap);
	return r < 0 ? NULL : s;
}

bool lint__abspath(const char *path, char *out, size_t size)
{
	char dir[PATH_MAX], real[PATH_MAX];
	const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
	size_t dlen = slash ? (size_t)(slash - path) : 0;
	int n;

	if (realpath(path, real))
		return (size_t)snprintf(out, size, "%s", real) < size;
	if (dlen >= sizeof(dir))
		return false;
	if (slash)
		snprintf(dir, sizeof(dir), "%.*s", (int)(dlen ? dlen : 1), path);
	else
		strcpy(dir, ".");
	if (realpath(dir, real))
		n = snprintf(out, size, "%s/%s", strcmp(real, "/") ? real : "", base);
	else if (path[0] == '/')
		n = snprintf(out, size, "%s", path);
	else if (getcwd(real, sizeof(real)))
		n = snprintf(out, size, "%s/%s", real, path);
	else
		return false;
	return n >= 0 && (size_t)n < size;
}

static bool is_c_source(const char *path)
{
	size_t n = strlen(path);

	return (n > 2 && strcmp(path + n - 2, ".c") == 0) ||
	       (n > 2 && strcmp(path + n - 2, ".h") == 0);
}

/* The size of a source file and of an editor's buffer alike. */
static int check_size(const char *path, unsigned long long size, char **err)
{
	if (size > LINT_MAX_SOURCE_BYTES) {
		*err = lint__strdupf("%s: %llu bytes, over the %u MiB limit for a source file",
				     path, size, LINT_MAX_SOURCE_BYTES >> 20);
		return -EFBIG;
	}
	if (size == 0) {
		*err = lint__strdupf("%s: empty file, nothing to check", path);
		return -ENODATA;
	}
	return 0;
}

static int check_input(const char *path, const struct lint_options *opt, char **err)
{
	struct stat st;

	if (opt && opt->unsaved_text) {
		if (!is_c_source(path)) {
			*err = lint__strdupf("%s: not a C source file (.c or .h)", path);
			return -EINVAL;
		}
		return check_size(path, opt->unsaved_len, err);
	}
	if (stat(path, &st)) {
		int e = errno;

		*err = lint__strdupf("%s: %s", path, strerror(e));
		return -e;
	}
	if (S_ISDIR(st.st_mode)) {
		*err = lint__strdupf("%s: is a directory", path);
		return -EISDIR;
	}
	if (!S_ISREG(st.st_mode)) {	/* a FIFO would block the parse, /dev/zero never end */
		*err = lint__strdupf("%s: %s, not read", path, lint__file_kind(st.st_mode));
		return -EINVAL;
	}
	if (!is_c_source(path)) {
		*err = lint__strdupf("%s: not a C source file (.c or .h)", path);
		return -EINVAL;
	}
	return check_size(path, (unsigned long long)st.st_size, err);
}

/*
 * A unit with errors in one line: clang's first error as clang formats it
 * (FILE:LINE:COL: error: ..., so editors still jump there), and how many
 * more there are. NULL when there is no error.
 */
char *lint__parse_errors(CXTranslationUnit tu)
{
	unsigned n = clang_getNumDiagnostics(tu), errors = 0;
	char *first = NULL, *line;

	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);

		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && !errors++) {
			CXString s = clang_formatDiagnostic(d, clang_defaultDiagnosticDisplayOptions());

			first = strdup(clang_getCString(s));
			clang_disposeString(s);
		}
		clang_disposeDiagnostic(d);
	}
	if (!errors)
		return NULL;
	if (!first)	/* out of memory: still an error, with a fixed text */
		return strdup("does not parse");
	if (errors == 1)
		return first;
	line = lint__strdupf("%s (and %u more error%s)", first, errors - 1,
			     errors > 2 ? "s" : "");
	free(first);
	return line;
}

/* Is d about the precompiled header (clang's "AST Deserialization Issue" and kin)? */
static bool pch_diagnostic(CXDiagnostic d)
{
	CXString cat = clang_getDiagnosticCategoryText(d), text = clang_getDiagnosticSpelling(d);
	const char *c = clang_getCString(cat), *t = clang_getCString(text);
	bool about = (c && (strstr(c, "AST") || strstr(c, "Serializ"))) ||
		     (t && (strstr(t, "precompiled") || strstr(t, "PCH") || strstr(t, "AST file")));

	clang_disposeString(cat);
	clang_disposeString(text);
	return about;
}

struct first_include {
	CXFile main;
	CXFile got;
	bool seen;
};

static enum CXChildVisitResult find_first_include(CXCursor c, CXCursor parent, CXClientData d)
{
	struct first_include *fi = d;
	CXFile f;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_InclusionDirective)
		return CXChildVisit_Continue;
	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
	if (!f || !clang_File_isEqual(f, fi->main))
		return CXChildVisit_Continue;
	fi->got = clang_getIncludedFile(c);
	fi->seen = true;
	return CXChildVisit_Break;
}

/* A unit parsed with pch is the unit parsed from source: no error, nothing about the PCH,
 * and the file's first include is the PCH's header. */
static bool pch_parse_ok(CXTranslationUnit tu, const char *path, const struct lint_pch *pch)
{
	struct first_include fi = { clang_getFile(tu, path), NULL, false };
	bool ok = fi.main != NULL;
	char *real = NULL;
	CXString name;

	for (unsigned i = 0; ok && i < clang_getNumDiagnostics(tu); i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);

		ok = clang_getDiagnosticSeverity(d) < CXDiagnostic_Error && !pch_diagnostic(d);
		clang_disposeDiagnostic(d);
	}
	if (!ok)
		return false;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), find_first_include, &fi);
	if (!fi.seen || !fi.got)
		return false;
	name = clang_getFileName(fi.got);
	real = realpath(clang_getCString(name), NULL);
	clang_disposeString(name);
	ok = real && !strcmp(real, pch->header);
	free(real);
	return ok;
}

/* The unit parsed with pch, or NULL (then parse from source). */
static CXTranslationUnit parse_with_pch(struct lint_session *s, const char *path,
					char **args, int argc, const struct lint_pch *pch)
{
	const char **argv = calloc((size_t)argc + 3, sizeof(*argv));
	CXTranslationUnit tu = NULL;

	if (!argv)
		return NULL;
	memcpy(argv, args, (size_t)argc * sizeof(*argv));
	argv[argc] = "-include-pch";
	argv[argc + 1] = pch->pch;
	if (clang_parseTranslationUnit2(s->pch_index, path, argv, argc + 2, NULL, 0,
					CXTranslationUnit_DetailedPreprocessingRecord, &tu))
		tu = NULL;
	free(argv);
	if (tu && !pch_parse_ok(tu, path, pch)) {
		clang_disposeTranslationUnit(tu);
		tu = NULL;
	}
	return tu;
}

static int parse(struct lint_session *s, const char *path, const struct lint_options *opt,
		 struct lint_prep *prep, CXTranslationUnit *tu, char **err)
{
	char *note = NULL;
	char **args = lint__compile_args(path, opt, &note);
	struct CXUnsavedFile unsaved = { path, NULL, 0 };
	unsigned flags = CXTranslationUnit_DetailedPreprocessingRecord;
	enum CXErrorCode rc;
	int argc = 0;

	if (!args)
		return -ENOMEM;
	*err = note;	/* on success, *err is a note */
	while (args[argc])
		argc++;
	if (prep->pch && (*tu = parse_with_pch(s, path, args, argc, prep->pch))) {
		prep->pch_declared = prep->pch->declared;
		lint__log("pch", path);
		lint_args_free(args);
		return 0;
	}
	if (opt && opt->unsaved_text) {
		unsaved.Contents = opt->unsaved_text;
		unsaved.Length = opt->unsaved_len;
	}
	rc = clang_parseTranslationUnit2(s->index, path, (const char *const *)args, argc,
					 &unsaved, unsaved.Contents ? 1 : 0, flags, tu);
	lint_args_free(args);
	if (rc == CXError_Crashed) {	/* libclang caught it: often out of memory */
		*err = lint__strdupf("%s: clang crashed parsing the file (out of the memory "
				     "limit per file? --parse-limits)", path);
		return -EBADMSG;
	}
	if (rc != CXError_Success) {
		free(*err);
		*err = lint__strdupf("%s: clang could not parse the file (error %d)", path, rc);
		return -EBADMSG;
	}
	char *errors = lint__parse_errors(*tu);

	if (errors) {
		free(*err);
		*err = errors;
		clang_disposeTranslationUnit(*tu);
		*tu = NULL;
		return -EBADMSG;
	}
	return 0;
}

static unsigned target_kernel(const struct lint_options *opt, const struct lint_file_config *c)
{
	if (opt && opt->target_kernel)
		return opt->target_kernel;
	if (c->kernel_set)
		return c->cfg.target_kernel;
	return lint_running_kernel();
}

/* --header-filter, else the config's header-filter:, else none (the project's files). */
static int compile_filter(const struct lint_options *opt, const struct lint_file_config *c,
			  regex_t *re, char **err)
{
	const char *src = opt && opt->header_filter ? opt->header_filter : c->header_filter;
	int rc;

	if (!src)
		return 0;
	rc = regcomp(re, src, REG_EXTENDED | REG_NOSUB);
	if (rc) {
		char msg[256];

		regerror(rc, re, msg, sizeof(msg));
		*err = lint__strdupf("%s: %s", opt && opt->header_filter ? "--header-filter"
					: c->path ? c->path : "header-filter", msg);
		return -EINVAL;
	}
	return 1;
}

int lint__prepare(struct lint_prep *p, const char *path, const struct lint_options *opt,
		  char **err)
{
	int rc, have_re;

	*err = NULL;
	p->pch = NULL;
	p->pch_declared = 0;
	rc = check_input(path, opt, err);
	if (rc)
		return rc;
	if (opt && opt->compile_db_dir && (rc = lint__check_compile_db(opt->compile_db_dir, err)))
		return rc;
	rc = config__load(&p->conf, path, opt ? opt->config_path : NULL, err);
	if (rc)
		return rc;
	p->conf.cfg.target_kernel = target_kernel(opt, &p->conf);
	have_re = compile_filter(opt, &p->conf, &p->re, err);
	if (have_re < 0) {
		config__free(&p->conf);
		return have_re;
	}
	p->have_re = have_re;
	if (project__root(path, p->conf.path, p->project, sizeof(p->project)))
		p->project[0] = '\0';
	return 0;
}

void lint__prepare_free(struct lint_prep *p)
{
	if (p->have_re)
		regfree(&p->re);
	config__free(&p->conf);
}

void lint__check_unit(struct lint_prep *p, CXTranslationUnit tu, const char *path,
		      const struct lint_options *opt, struct bpf_findings *out)
{
	struct lint_ctx ctx = { 0 };

	ctx.tu = tu;
	ctx.main_path = path;
	ctx.main_file = clang_getFile(tu, path);
	ctx.conf = &p->conf;
	ctx.pch_declared = p->pch_declared;
	ctx.header_re = p->have_re ? &p->re : NULL;
	ctx.project = p->project[0] ? p->project : NULL;
	ctx.out = out;
	ctx.unsaved_text = opt ? opt->unsaved_text : NULL;
	ctx.unsaved_len = opt ? opt->unsaved_len : 0;
	ctx__run_rules(&ctx, opt ? opt->rule_filter : NULL);
	ctx__collect_includes(&ctx);
	out->declared = lint_declared(&ctx);
	out->target_kernel = p->conf.cfg.target_kernel;
	findings_sort(out);
}

int lint_parse_limits(const char *s, struct lint_limits *lim)
{
	unsigned mib, secs;
	char end;

	if (sscanf(s, "%u,%u%c", &mib, &secs, &end) != 2 || mib < 64 || !secs ||
	    mib > (1u << 22) || secs > 86400)
		return -EINVAL;
	lim->memory_mib = mib;
	lim->cpu_seconds = secs;
	return 0;
}

struct unit_job {
	struct lint_session *s;
	struct lint_prep *prep;
	const char *path;
	const struct lint_options *opt;
};

static int parse_and_check(void *arg, struct bpf_findings *out, char **err)
{
	struct unit_job *j = arg;
	CXTranslationUnit tu = NULL;
	int rc = parse(j->s, j->path, j->opt, j->prep, &tu, err);

	if (rc == 0) {
		lint__check_unit(j->prep, tu, j->path, j->opt, out);
		clang_disposeTranslationUnit(tu);
	}
	return rc;
}

int lint_run(struct lint_session *s, const char *path,
	     const struct lint_options *opt, struct bpf_findings *out,
	     char **err)
{
	struct lint_prep prep;
	struct unit_job job = { s, &prep, path, opt };
	struct lint_limits lim = { LINT_PARSE_MEMORY_MIB, LINT_PARSE_SECONDS };
	int rc;

	rc = lint__prepare(&prep, path, opt, err);
	if (rc)
		return rc;
	prep.pch = lint__pch_find(path, opt);
	if (opt && opt->compile_db_dir && !opt->in_process)
		lint__db_warm(opt->compile_db_dir);
	if (opt && opt->limits.memory_mib)
		lim = opt->limits;
	if (opt && opt->in_process)
		rc = parse_and_check(&job, out, err);
	else
		rc = lint__run_isolated(path, &lim, parse_and_check, &job, out, err);
	lint__prepare_free(&prep);
	return rc;
}
