// SPDX-License-Identifier: GPL-2.0-only
/*
 * Operands to files. A file named on the command line is always taken,
 * excluded or not (as ruff and clang-tidy do); excludes and .gitignore only
 * thin out what a directory walk or the compilation database brings.
 */
#include <errno.h>
#include <fts.h>
#include <git2.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <clang-c/CXCompilationDatabase.h>
#include "lint/inputs.h"
#include "lint/internal.h"

/* The config that applies in one directory, kept while its entries are walked. */
struct dir_config {
	char dir[PATH_MAX];      /* the directory it was looked up for */
	char base[PATH_MAX];     /* the config file's directory (excludes are relative to it) */
	struct lint_file_config conf;
	bool loaded;
};

struct walk {
	struct lint_inputs *in;
	const struct lint_options *opt;
	const char *prog;
	struct dir_config dc;
	git_repository *repo;    /* the work tree the walk is in, or NULL */
	int status;
};

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && !strcmp(s + n - m, suffix);
}

static int push(struct lint_inputs *in, const char *path)
{
	char **v;

	if (!strncmp(path, "./", 2) && path[2])	/* a walk of "." names src/x, not ./src/x */
		path += 2;

	for (size_t i = 0; i < in->n; i++)	/* the same file twice: once */
		if (!strcmp(in->paths[i], path))
			return 0;
	if (in->n == in->cap) {
		size_t cap = in->cap ? 2 * in->cap : 16;

		if (!(v = realloc(in->paths, cap * sizeof(*v))))
			return -ENOMEM;
		in->paths = v;
		in->cap = cap;
	}
	if (!(in->paths[in->n] = strdup(path)))
		return -ENOMEM;
	in->n++;
	return 0;
}

static const struct lint_file_config *config_for_dir(struct walk *w, const char *dir)
{
	struct dir_config *dc = &w->dc;
	char *err = NULL, *slash;

	if (dc->loaded && !strcmp(dc->dir, dir))
		return &dc->conf;
	if (dc->loaded)
		config__free(&dc->conf);
	dc->loaded = false;
	snprintf(dc->dir, sizeof(dc->dir), "%s", dir);
	if (config__load(&dc->conf, dir, w->opt->config_path, &err)) {
		/* lint_run says the same for each file; the walk goes on without excludes */
		free(err);
		return NULL;
	}
	dc->loaded = true;
	dc->base[0] = '\0';
	if (dc->conf.path && realpath(dc->conf.path, dc->base) && (slash = strrchr(dc->base, '/')))
		*slash = '\0';
	return &dc->conf;
}

/* Path of abs relative to base, or NULL when it is not under base. */
static const char *relative_to(const char *abs, const char *base)
{
	size_t n = strlen(base);

	if (!n || strncmp(abs, base, n) || (abs[n] != '/' && n > 1))
		return NULL;
	return abs + n + (n > 1);
}

/* Is path (in directory dir) left out by the excludes of dir's config? */
static bool excluded(struct walk *w, const char *dir, const char *path, bool is_dir)
{
	const struct lint_file_config *c = config_for_dir(w, dir);
	char abs[PATH_MAX];
	const char *rel;

	if (!c || !c->exclude.n || !realpath(path, abs))
		return false;
	rel = relative_to(abs, w->dc.base);
	return rel && *rel && config__excludes(c, rel, is_dir);
}

static bool git_ignored(struct walk *w, const char *path)
{
	const char *workdir = w->repo ? git_repository_workdir(w->repo) : NULL;
	char abs[PATH_MAX], base[PATH_MAX];
	const char *rel;
	int ignored = 0;

	if (!workdir || !realpath(path, abs) || !realpath(workdir, base))
		return false;
	rel = relative_to(abs, base);
	return rel && *rel && !git_ignore_path_is_ignored(&ignored, w->repo, rel) && ignored;
}

static int compare_names(const FTSENT **a, const FTSENT **b)
{
	return strcmp((*a)->fts_name, (*b)->fts_name);
}

/* Take or leave one entry of the walk; directories left out are not entered. */
static void visit(struct walk *w, FTS *fts, FTSENT *e)
{
	const char *dir = e->fts_parent ? e->fts_parent->fts_path : ".";
	bool is_dir = e->fts_info == FTS_D;

	if (e->fts_level == FTS_ROOTLEVEL)
		return;
	if (is_dir && (e->fts_name[0] == '.' || excluded(w, dir, e->fts_path, true) ||
		       git_ignored(w, e->fts_path))) {
		fts_set(fts, e, FTS_SKIP);
		return;
	}
	if (e->fts_info != FTS_F && e->fts_info != FTS_SL)
		return;
	if (!config__walk_takes(config_for_dir(w, dir), e->fts_name) ||
	    excluded(w, dir, e->fts_path, false) ||
	    git_ignored(w, e->fts_path))
		return;
	if (e->fts_info == FTS_SL) {	/* a link to a file is taken, a dangling one said */
		struct stat st;

		if (stat(e->fts_path, &st) || !S_ISREG(st.st_mode))
			return;
	}
	if (push(w->in, e->fts_path))
		w->status = 2;
}

/* Does the file at path #include "..." the file whose real path is target? */
static bool includes_file(const char *path, const char *target)
{
	char line[1024], dir[PATH_MAX], cand[PATH_MAX * 2], real[PATH_MAX];
	FILE *f = fopen(path, "r");
	const char *slash = strrchr(path, '/');
	bool found = false;

	if (!f)
		return false;
	snprintf(dir, sizeof(dir), "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
	while (!found && fgets(line, sizeof(line), f)) {
		char *p = line + strspn(line, " \t"), *end;

		if (*p++ != '#')
			continue;
		p += strspn(p, " \t");
		if (strncmp(p, "include", 7))
			continue;
		p += 7;
		p += strspn(p, " \t");
		if (*p++ != '"' || !(end = strchr(p, '"')))
			continue;
		*end = '\0';
		if (p[0] == '/')
			snprintf(cand, sizeof(cand), "%s", p);
		else
			snprintf(cand, sizeof(cand), "%s/%s", dir, p);
		found = realpath(cand, real) && !strcmp(real, target);
	}
	fclose(f);
	return found;
}

/*
 * A walked file another walked file #includes ("..." relative to the
 * includer) is a piece of that one: linted through it, not on its own.
 */
static void drop_included(struct lint_inputs *in, size_t from)
{
	bool *piece = calloc(in->n - from + 1, sizeof(*piece));
	size_t keep = from;

	if (!piece)
		return;		/* no memory: lint the pieces on their own too */
	/* decide for every file first: the includers are read from in->paths */
	for (size_t i = from; i < in->n; i++) {
		char real[PATH_MAX];

		for (size_t j = from; j < in->n && !piece[i - from] &&
		     realpath(in->paths[i], real); j++)
			piece[i - from] = j != i && includes_file(in->paths[j], real);
	}
	for (size_t i = from; i < in->n; i++) {
		if (piece[i - from])
			free(in->paths[i]);
		else
			in->paths[keep++] = in->paths[i];
	}
	in->n = keep;
	free(piece);
}

static void walk_dir(struct walk *w, const char *root)
{
	char *roots[2] = { (char *)root, NULL };
	FTS *fts = fts_open(roots, FTS_PHYSICAL | FTS_NOCHDIR, compare_names);
	size_t before = w->in->n;
	FTSENT *e;

	if (!fts) {
		fprintf(stderr, "%s: %s: %s\n", w->prog, root, strerror(errno));
		w->status = 2;
		return;
	}
	w->repo = NULL;
	/* here, not for every run: libgit2's start reads the system's TLS certificates (~30 ms) */
	git_libgit2_init();
	if (git_repository_open_ext(&w->repo, root, 0, NULL) || git_repository_is_bare(w->repo)) {
		git_repository_free(w->repo);
		w->repo = NULL;
	}
	while ((e = fts_read(fts))) {
		if (e->fts_info == FTS_DNR || e->fts_info == FTS_ERR) {
			fprintf(stderr, "%s: %s: %s\n", w->prog, e->fts_path, strerror(e->fts_errno));
			w->status = 2;
			continue;
		}
		visit(w, fts, e);
	}
	fts_close(fts);
	git_repository_free(w->repo);
	git_libgit2_shutdown();
	w->repo = NULL;
	drop_included(w->in, before);
	if (w->in->n == before) {
		const struct lint_file_config *c = config_for_dir(w, root);

		if (c && c->files.n)
			fprintf(stderr, "%s: %s: no files here match the config's files: patterns (%s)\n",
				w->prog, root, c->path ? c->path : "--config");
		else
			fprintf(stderr, "%s: %s: no *.bpf.c files here (other names: files: "
				"[\"*.c\"] in .bpf-lint.yaml)\n", w->prog, root);
	}
}

/* Is this database entry a BPF compile: a .bpf.c file or a -target bpf command? */
static bool bpf_command(CXCompileCommand cmd, const char *file)
{
	unsigned n = clang_CompileCommand_getNumArgs(cmd);
	bool bpf = ends_with(file, ".bpf.c");

	for (unsigned i = 0; i < n && !bpf; i++) {
		CXString s = clang_CompileCommand_getArg(cmd, i), t;
		const char *a = clang_getCString(s);

		if (!strncmp(a, "--target=bpf", 12) || !strncmp(a, "-target=bpf", 11))
			bpf = true;
		else if (!strcmp(a, "-target") && i + 1 < n) {
			t = clang_CompileCommand_getArg(cmd, i + 1);
			bpf = !strncmp(clang_getCString(t), "bpf", 3);
			clang_disposeString(t);
		}
		clang_disposeString(s);
	}
	return bpf;
}

/* Left out by the excludes of its own directory's config, itself or a parent? */
static bool db_excluded(struct walk *w, const char *path)
{
	char dir[PATH_MAX], *slash;

	snprintf(dir, sizeof(dir), "%s", path);
	if (!(slash = strrchr(dir, '/')))
		return false;
	*slash = '\0';
	if (excluded(w, dir, path, false))
		return true;
	/* a parent directory left out leaves out what is in it */
	while ((slash = strrchr(dir, '/')) && slash != dir) {
		char parent[PATH_MAX];

		snprintf(parent, sizeof(parent), "%.*s", (int)(slash - dir), dir);
		if (excluded(w, parent, dir, true))
			return true;
		*slash = '\0';
	}
	return false;
}

static int compare_paths(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* path relative to the current directory when it is under it (as a user types it). */
static const char *under_cwd(const char *path, const char *cwd)
{
	const char *rel = cwd ? relative_to(path, cwd) : NULL;

	return rel && *rel ? rel : path;
}

static void database_files(struct walk *w, const char *dbdir)
{
	char cwdbuf[PATH_MAX];
	const char *cwd = getcwd(cwdbuf, sizeof(cwdbuf));
	CXCompilationDatabase_Error dberr;
	CXCompilationDatabase db;
	CXCompileCommands cmds;
	unsigned n;
	size_t before = w->in->n;
	char *err = NULL;

	/* ours in one line, before libclang prints its own lines on a bad file */
	if (lint__check_compile_db(dbdir, &err)) {
		fprintf(stderr, "%s: %s\n", w->prog, err ? err : "compile database unreadable");
		free(err);
		w->status = 2;
		return;
	}
	db = clang_CompilationDatabase_fromDirectory(dbdir, &dberr);
	cmds = db ? clang_CompilationDatabase_getAllCompileCommands(db) : NULL;
	n = cmds ? clang_CompileCommands_getSize(cmds) : 0;
	if (!db) {
		fprintf(stderr, "%s: %s/compile_commands.json: cannot be read\n", w->prog, dbdir);
		w->status = 2;
		return;
	}
	for (unsigned i = 0; i < n; i++) {
		CXCompileCommand cmd = clang_CompileCommands_getCommand(cmds, i);
		CXString f = clang_CompileCommand_getFilename(cmd);
		CXString d = clang_CompileCommand_getDirectory(cmd);
		const char *file = clang_getCString(f);
		char path[PATH_MAX];

		if (file[0] == '/')
			snprintf(path, sizeof(path), "%s", file);
		else
			snprintf(path, sizeof(path), "%s/%s", clang_getCString(d), file);
		if (bpf_command(cmd, file) && !db_excluded(w, path) &&
		    push(w->in, under_cwd(path, cwd)))
			w->status = 2;
		clang_disposeString(f);
		clang_disposeString(d);
	}
	clang_CompileCommands_dispose(cmds);
	clang_CompilationDatabase_dispose(db);
	qsort(w->in->paths + before, w->in->n - before, sizeof(char *), compare_paths);
	if (w->in->n == before)
		fprintf(stderr, "%s: %s/compile_commands.json lists no BPF files\n", w->prog, dbdir);
}

int lint_inputs__collect(struct lint_inputs *in, char *const *args, int n,
			 const struct lint_options *opt, const char *prog)
{
	struct walk w = { .in = in, .opt = opt, .prog = prog };

	if (!n && opt->compile_db_dir)
		database_files(&w, opt->compile_db_dir);
	for (int i = 0; i < n; i++) {
		struct stat st;
		char root[PATH_MAX];
		size_t len;

		if (stat(args[i], &st) || !S_ISDIR(st.st_mode)) {
			if (push(in, args[i]))	/* a missing file is lint_run's to say */
				w.status = 2;
			continue;
		}
		snprintf(root, sizeof(root), "%s", args[i]);
		len = strlen(root);
		while (len > 1 && root[len - 1] == '/')
			root[--len] = '\0';
		walk_dir(&w, root);
	}
	if (w.dc.loaded)
		config__free(&w.dc.conf);
	return w.status;
}

void lint_inputs__free(struct lint_inputs *in)
{
	for (size_t i = 0; i < in->n; i++)
		free(in->paths[i]);
	free(in->paths);
	memset(in, 0, sizeof(*in));
}
