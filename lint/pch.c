/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * vmlinux.h once per run (issue 19): nearly all of a BPF file's parse is
 * its vmlinux.h, and every file of a project includes the same one with
 * the same flags. A file whose first directive includes a vmlinux*.h is
 * parsed with that header as a precompiled header, built once per key
 * (the include as written, the directory for a quoted one, the full
 * argument list) in a private directory removed at exit.
 *
 * Exactness: the header must include no other file and be guarded (the
 * file's own #include of it is then a no-op); the walk never enters a
 * generated header nor command-line macros (walk.c), the declared scan
 * adds the header's own (pch_declared); a parse with the PCH that has
 * any error, any PCH diagnostic, or whose include resolves elsewhere is
 * parsed again from source (lint.c). The first thread that needs a key
 * builds it in a forked child (isolate.c); the others wait for it.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "lint/internal.h"
#include "lint/isolate.h"
#include "lint/pch.h"

#define PCH_MAX 16               /* keys per run; beyond, files parse from source */

enum pch_state { PCH_BUILDING, PCH_READY, PCH_FAILED };

struct pch_entry {
	char *key;
	enum pch_state state;
	char pch_path[PATH_MAX];
	struct lint_pch use;
};

static pthread_mutex_t pch_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t pch_built = PTHREAD_COND_INITIALIZER;
static struct pch_entry pch_v[PCH_MAX];
static unsigned pch_n;
/* The run's private directory, removed at exit (remove_all). */
static char pch_dir[PATH_MAX];

/*
 * Everything in the run's directory, then the directory: the PCHs and a
 * temporary file clang's save may leave when killed. Also from a signal
 * handler: only async-signal-safe calls (getdents64, not readdir, which
 * may malloc; a handler that interrupted malloc would wait for ever).
 */
static void remove_all(void)
{
	char buf[4096] __attribute__((aligned(8)));
	long n;
	int fd;

	if (!pch_dir[0])
		return;
	fd = open(pch_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	while (fd >= 0 && (n = syscall(SYS_getdents64, fd, buf, sizeof(buf))) > 0)
		for (long at = 0; at < n;) {
			struct dirent64 *e = (struct dirent64 *)(buf + at);

			if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
				unlinkat(fd, e->d_name, 0);
			at += e->d_reclen;
		}
	if (fd >= 0)
		close(fd);
	rmdir(pch_dir);
}

static void on_signal(int sig)
{
	remove_all();
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Remove the directory at exit and on SIGINT/SIGTERM (unless the program handles them). */
static void catch_exits(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction old, sa = { .sa_handler = on_signal };

	/*
	 * atexit() holds glibc's exit-handler lock, which fork() does not reset:
	 * a parse forked by another thread meanwhile would hang in libclang's
	 * first static destructor registration (seen as a stuck parse in CI).
	 */
	lint__fork_lock(true);
	atexit(remove_all);
	lint__fork_unlock();
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		if (!sigaction(sigs[i], NULL, &old) && old.sa_handler == SIG_DFL)
			sigaction(sigs[i], &sa, NULL);
}

static int make_dir(void)
{
	const char *tmp = getenv("TMPDIR");

	if (pch_dir[0])
		return 0;
	snprintf(pch_dir, sizeof(pch_dir), "%s/bpf-lint-pch.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(pch_dir)) {
		pch_dir[0] = 0;
		return -errno;
	}
	catch_exits();
	return 0;
}

static const char *skip_space(const char *p, const char *end)
{
	for (;;) {
		while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' ||
				   *p == '\f' || *p == '\v'))
			p++;
		if (end - p >= 2 && p[0] == '/' && p[1] == '*') {
			const char *c = memmem(p + 2, end - p - 2, "*/", 2);

			if (!c)
				return end;
			p = c + 2;
		} else if (end - p >= 2 && p[0] == '/' && p[1] == '/') {
			while (p < end && *p != '\n')
				p++;
		} else {
			return p;
		}
	}
}

static bool is_vmlinux_name(const char *s, size_t n)
{
	const char *base = memrchr(s, '/', n);

	base = base ? base + 1 : s;
	n -= base - s;
	return n >= 9 && !memcmp(base, "vmlinux", 7) && !memcmp(base + n - 2, ".h", 2);
}

/*
 * The file's first directive, if it is #include <...vmlinux*.h> or "..."
 * alone on its line: the include as written into out ('<' or '"' first).
 * Anything unusual before it (a backslash, a BOM, code) says no.
 */
static bool first_include(const char *text, size_t len, char *out, size_t size)
{
	const char *end = text + len, *p = skip_space(text, end), *name, *close;
	char open;

	if (memchr(text, '\\', (size_t)(p - text)) || p == end || *p != '#')
		return false;
	for (p++; p < end && (*p == ' ' || *p == '\t'); p++)
		;
	if (end - p < 8 || memcmp(p, "include", 7) || (p[7] != ' ' && p[7] != '\t' &&
						       p[7] != '<' && p[7] != '"'))
		return false;
	for (p += 7; p < end && (*p == ' ' || *p == '\t'); p++)
		;
	if (p == end || (*p != '<' && *p != '"'))
		return false;
	open = *p;
	name = p + 1;
	for (close = name; close < end && *close != (open == '<' ? '>' : '"') &&
	     *close != '\n' && *close != '\\'; close++)
		;
	if (close == end || *close != (open == '<' ? '>' : '"') ||
	    !is_vmlinux_name(name, (size_t)(close - name)) ||
	    (size_t)(close - p) + 2 > size)
		return false;
	p = close + 1;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p < end && *p != '\n' && !(end - p >= 2 && p[0] == '/' && (p[1] == '/' || p[1] == '*')))
		return false;
	memcpy(out, name - 1, (size_t)(close - name) + 2);
	out[close - name + 2] = 0;
	return true;
}

/* Flags that put something before the file's first line: not equivalent then. */
static bool args_fit(char **args)
{
	static const char *const bad[] = { "-include", "-imacros", "-x", "-fmodule", "-emit",
					   "--include", "-Xclang", "-fpch", "-ffile-prefix" };

	for (char **a = args; *a; a++)
		for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
			if (!strncmp(*a, bad[i], strlen(bad[i])))
				return false;
	return true;
}

static char *make_key(const char *dir, const char *inc, char **args)
{
	size_t len = strlen(dir) + strlen(inc) + 3;
	char *key;

	for (char **a = args; *a; a++)
		len += strlen(*a) + 1;
	key = malloc(len);
	if (!key)
		return NULL;
	snprintf(key, len, "%s\x1e%s\x1e", inc[0] == '"' ? dir : "", inc);
	for (char **a = args; *a; a++) {
		strcat(key, *a);
		strcat(key, "\x1f");
	}
	return key;
}

struct build_job {
	const char *stub;        /* a file in the includer's directory, never on disk */
	const char *inc;
	char **args;
	const char *out;
};

struct inclusions {
	CXFile header;           /* the file the stub includes */
	unsigned files;
};

static void count_inclusion(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData d)
{
	struct inclusions *in = d;

	(void)stack;
	in->files++;
	if (depth == 1)
		in->header = f;
}

/* The header alone: no diagnostic, it includes nothing, it has a guard. Its real path. */
static int header_of(CXTranslationUnit tu, char **real)
{
	struct inclusions in = { 0 };
	CXString s;

	for (unsigned i = 0; i < clang_getNumDiagnostics(tu); i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		bool bad = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Warning;

		clang_disposeDiagnostic(d);
		if (bad)
			return -EINVAL;
	}
	clang_getInclusions(tu, count_inclusion, &in);
	if (!in.header || in.files != 2 || !clang_isFileMultipleIncludeGuarded(tu, in.header))
		return -EINVAL;
	s = clang_getFileName(in.header);
	*real = realpath(clang_getCString(s), NULL);
	clang_disposeString(s);
	return *real ? 0 : -ENOENT;
}

static int build_in_child(void *arg, struct bpf_findings *out, char **err)
{
	struct build_job *j = arg;
	char text[PATH_MAX + 16];
	struct CXUnsavedFile stub = { j->stub, text, 0 };
	const char *argv[512];
	int argc = 0, rc;
	CXIndex index = clang_createIndex(0, 0);
	CXTranslationUnit tu = NULL;
	char *real = NULL;

	for (char **a = j->args; *a && argc < 500; a++)
		argv[argc++] = *a;
	argv[argc++] = "-x";
	argv[argc++] = "c-header";
	stub.Length = (unsigned long)snprintf(text, sizeof(text), "#include %s\n", j->inc);
	if (!index || clang_parseTranslationUnit2(index, j->stub, argv, argc, &stub, 1,
						  CXTranslationUnit_DetailedPreprocessingRecord |
						  CXTranslationUnit_Incomplete |
						  CXTranslationUnit_ForSerialization, &tu))
		return -EBADMSG;
	rc = header_of(tu, &real);
	if (!rc && clang_saveTranslationUnit(tu, j->out, clang_defaultSaveOptions(tu)))
		rc = -EIO;
	if (!rc) {
		out->declared = ctx__declared_scan(tu);
		out->includes = calloc(1, sizeof(*out->includes));
		if (!out->includes)
			rc = -ENOMEM;
		else
			out->includes[out->n_includes++] = real, real = NULL;
	}
	free(real);
	*err = NULL;
	return rc;
}

/* Build e's PCH (mutex not held). */
static void build(struct pch_entry *e, const char *path, const char *inc, char **args,
		  unsigned slot)
{
	char stub[PATH_MAX];
	const char *slash = strrchr(path, '/');
	struct build_job job = { stub, inc, args, e->pch_path };
	struct lint_limits lim = { LINT_PARSE_MEMORY_MIB, LINT_PARSE_SECONDS };
	struct bpf_findings got = { 0 };
	struct stat st;
	char *err = NULL;

	snprintf(stub, sizeof(stub), "%.*s/.bpf-lint-pch-%u.h", slash ? (int)(slash - path) : 1,
		 slash ? path : ".", slot);
	snprintf(e->pch_path, sizeof(e->pch_path), "%s/%u.pch", pch_dir, slot);
	e->state = PCH_FAILED;
	if (!lint__run_isolated(e->pch_path, &lim, build_in_child, &job, &got, &err) &&
	    got.n_includes == 1 && !stat(got.includes[0], &st)) {
		snprintf(e->use.header, sizeof(e->use.header), "%s", got.includes[0]);
		e->use.pch = e->pch_path;
		e->use.declared = got.declared;
		e->use.mtime = st.st_mtim;
		e->use.size = st.st_size;
		e->state = PCH_READY;
	}
	free(err);
	findings_free(&got);
}

static bool unchanged(const struct lint_pch *u)
{
	struct stat st;

	return !stat(u->header, &st) && st.st_size == u->size &&
	       st.st_mtim.tv_sec == u->mtime.tv_sec && st.st_mtim.tv_nsec == u->mtime.tv_nsec;
}

/* The entry for key: found, waited for, or built here; NULL: none. */
static const struct lint_pch *entry_for(char *key, const char *path, const char *inc,
					char **args)
{
	struct pch_entry *e = NULL;
	unsigned i;

	pthread_mutex_lock(&pch_mutex);
	for (i = 0; i < pch_n && strcmp(pch_v[i].key, key); i++)
		;
	if (i < pch_n) {
		e = &pch_v[i];
		while (e->state == PCH_BUILDING)
			pthread_cond_wait(&pch_built, &pch_mutex);
		free(key);
	} else if (pch_n < PCH_MAX && !make_dir()) {
		e = &pch_v[pch_n++];
		e->key = key;
		e->state = PCH_BUILDING;
		pthread_mutex_unlock(&pch_mutex);
		build(e, path, inc, args, i);
		pthread_mutex_lock(&pch_mutex);
		pthread_cond_broadcast(&pch_built);
	} else {
		free(key);
	}
	pthread_mutex_unlock(&pch_mutex);
	return e && e->state == PCH_READY && unchanged(&e->use) ? &e->use : NULL;
}

const struct lint_pch *lint__pch_find(const char *path, const struct lint_options *opt)
{
	char inc[PATH_MAX], dir[PATH_MAX], *text = NULL, *err = NULL, *key;
	char **args = NULL;
	size_t len;
	const struct lint_pch *use = NULL;

	if (!opt || !opt->shared_pch || opt->unsaved_text || opt->in_process)
		return NULL;
	if (lint__read_regular(path, LINT_MAX_SOURCE_BYTES, &text, &len, &err) ||
	    !first_include(text, len, inc, sizeof(inc)) || !lint__abspath(path, dir, sizeof(dir)))
		goto out;
	args = lint_compile_args(path, opt);
	if (!args || !args_fit(args))
		goto out;
	*strrchr(dir, '/') = 0;
	key = make_key(dir, inc, args);
	if (key)
		use = entry_for(key, path, inc, args);
out:
	lint_args_free(args);
	free(text);
	free(err);
	return use;
}
