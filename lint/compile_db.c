/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A -p run asks for the entry of every file it lints: reading and indexing
 * compile_commands.json once, not once per file, keeps a database of
 * hundreds of files linear. The LSP lives long, so a database that changes
 * on disk (its size or time) is read again.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "lint/compile_db.h"
#include "lint/isolate.h"

static struct {
	char *dir;
	struct stat st;              /* compile_commands.json when read */
	CXCompilationDatabase db;
	char **listed;               /* real paths of the files it lists, sorted */
	size_t n_listed;
	bool indexed;
} cache;

static void cache_drop(void)
{
	for (size_t i = 0; i < cache.n_listed; i++)
		free(cache.listed[i]);
	free(cache.listed);
	if (cache.db)
		clang_CompilationDatabase_dispose(cache.db);
	free(cache.dir);
	memset(&cache, 0, sizeof(cache));
}

static bool same_stat(const struct stat *a, const struct stat *b)
{
	return a->st_ino == b->st_ino && a->st_dev == b->st_dev && a->st_size == b->st_size &&
	       a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

CXCompilationDatabase lint__db_get(const char *dir)
{
	char json[PATH_MAX];
	struct stat st = { 0 };
	CXCompilationDatabase_Error err;

	snprintf(json, sizeof(json), "%s/compile_commands.json", dir);
	if (stat(json, &st) != 0)
		memset(&st, 0, sizeof(st));   /* none (or compile_flags.txt): read each time */
	if (cache.dir && !strcmp(cache.dir, dir) && st.st_ino && same_stat(&st, &cache.st))
		return cache.db;
	cache_drop();
	cache.db = clang_CompilationDatabase_fromDirectory(dir, &err);
	if (!cache.db)
		return NULL;
	cache.dir = strdup(dir);
	cache.st = st;
	if (!cache.dir)
		cache_drop();
	return cache.db;
}

static int cmp_path(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A path as the index keeps it: resolved when it exists, else as written. */
static char *real_or_same(const char *path)
{
	char buf[PATH_MAX];

	return strdup(realpath(path, buf) ? buf : path);
}

static void index_listed(void)
{
	CXCompileCommands all = clang_CompilationDatabase_getAllCompileCommands(cache.db);
	unsigned n = all ? clang_CompileCommands_getSize(all) : 0;

	cache.indexed = true;
	cache.listed = calloc(n ? n : 1, sizeof(*cache.listed));
	for (unsigned i = 0; cache.listed && i < n; i++) {
		CXCompileCommand cmd = clang_CompileCommands_getCommand(all, i);
		CXString f = clang_CompileCommand_getFilename(cmd);
		CXString wd = clang_CompileCommand_getDirectory(cmd);
		const char *file = clang_getCString(f);
		char full[PATH_MAX];

		if (file[0] == '/')
			snprintf(full, sizeof(full), "%s", file);
		else
			snprintf(full, sizeof(full), "%s/%s", clang_getCString(wd), file);
		cache.listed[cache.n_listed] = real_or_same(full);
		cache.n_listed += cache.listed[cache.n_listed] != NULL;
		clang_disposeString(f);
		clang_disposeString(wd);
	}
	if (all)
		clang_CompileCommands_dispose(all);
	if (cache.listed)
		qsort(cache.listed, cache.n_listed, sizeof(*cache.listed), cmp_path);
}

bool lint__db_lists(const char *dir, const char *abs)
{
	char *key;
	bool found;

	if (!lint__db_get(dir))
		return false;
	if (!cache.indexed)
		index_listed();
	key = real_or_same(abs);
	found = key && cache.listed &&
		bsearch(&key, cache.listed, cache.n_listed, sizeof(*cache.listed), cmp_path);
	free(key);
	return found;
}

void lint__db_warm(const char *dir)
{
	lint__fork_lock(true);
	lint__db_get(dir);
	lint__fork_unlock();
}
