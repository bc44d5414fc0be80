/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * bpf-lint --install-git-hook: find the hooks directory with git, render
 * a POSIX sh pre-commit hook with the options embedded, and put it there
 * atomically, never over a hook someone else wrote.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "cmd/bpf-lint/git_hook.h"
#include "lint/internal.h"

/* s as one sh word: in single quotes, each ' as '\'' . */
static void put_quoted(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; *s; s++) {
		if (*s == '\'')
			fputs("'\\''", f);
		else
			fputc(*s, f);
	}
	fputc('\'', f);
}

static void put_option(FILE *f, const char *name, const char *value)
{
	char *arg = lint__strdupf("%s%s", name, value);

	fputc(' ', f);
	if (arg)
		put_quoted(f, arg);
	else
		fputs("''", f);	/* out of memory: the stream reports it below */
	free(arg);
}

static const char script_head[] =
	"#!/bin/sh\n"
	GIT_HOOK_MARKER "\n"
	"# Lints the STAGED contents of each staged *.bpf.c file (not the working\n"
	"# tree) and blocks the commit on findings or on a file that does not parse.\n"
	"# Running bpf-lint --install-git-hook again replaces this file;\n"
	"# 'git commit --no-verify' skips it. Relative paths in the options are\n"
	"# from the repository's top directory, where git runs its hooks.\n";

static const char script_tail[] =
	"git diff --cached --name-only -z --diff-filter=ACMR -- '*.bpf.c' |\n"
	"\txargs -0 sh \"$0\" --bpf-lint-staged || {\n"
	"\techo \"bpf-lint: commit blocked ('git commit --no-verify' skips this check)\" >&2\n"
	"\texit 1\n"
	"}\n";

char *git_hook_script(const char *lint, const struct lint_options *opt)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		return NULL;
	fputs(script_head, f);
	fputs("lint=", f);
	put_quoted(f, lint);
	fputs("\n[ -x \"$lint\" ] || lint=bpf-lint\n"
	      "if [ \"${1-}\" = --bpf-lint-staged ]; then\n"
	      "\tshift\n"
	      "\tstatus=0\n"
	      "\tfor f; do\n"
	      "\t\tgit show \":$f\" | \"$lint\" --stdin-filename=\"$f\"", f);
	if (opt->compile_db_dir) {
		fputs(" -p ", f);
		put_quoted(f, opt->compile_db_dir);
	}
	if (opt->config_path)
		put_option(f, "--config=", opt->config_path);
	if (opt->rule_filter)
		put_option(f, "--rules=", opt->rule_filter);
	if (opt->header_filter)
		put_option(f, "--header-filter=", opt->header_filter);
	if (opt->target_kernel) {
		char v[16];

		snprintf(v, sizeof(v), "%u.%u", opt->target_kernel >> 8,
			 opt->target_kernel & 0xff);
		put_option(f, "--target-kernel=", v);
	}
	fputs(" -", f);
	if (opt->n_extra_args)
		fputs(" --", f);
	for (int i = 0; i < opt->n_extra_args; i++) {
		fputc(' ', f);
		put_quoted(f, opt->extra_args[i]);
	}
	fputs(" || status=1\n"
	      "\tdone\n"
	      "\texit $status\n"
	      "fi\n", f);
	fputs(script_tail, f);
	if (fclose(f) || !text) {
		free(text);
		return NULL;
	}
	return text;
}

/* `git rev-parse --git-path hooks` in the current directory; NULL outside a repository. */
static char *hooks_dir(int *rc)
{
	char buf[PATH_MAX + 1];
	size_t len = 0;
	ssize_t n;
	int fds[2], status;
	pid_t pid;

	if (pipe(fds)) {
		*rc = -errno;
		return NULL;
	}
	pid = fork();
	if (pid < 0) {
		*rc = -errno;
		close(fds[0]);
		close(fds[1]);
		return NULL;
	}
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		dup2(fds[1], 1);
		if (null >= 0)
			dup2(null, 2);	/* git's "fatal: not a git repository": ours is one line */
		close(fds[0]);
		close(fds[1]);
		execlp("git", "git", "rev-parse", "--git-path", "hooks", (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	while (len < sizeof(buf) - 1 &&
	       ((n = read(fds[0], buf + len, sizeof(buf) - 1 - len)) > 0 ||
		(n < 0 && errno == EINTR)))
		len += n > 0 ? (size_t)n : 0;
	close(fds[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(status) || WEXITSTATUS(status) == 127) {
		*rc = -ENOEXEC;
		return NULL;
	}
	while (len && buf[len - 1] == '\n')
		len--;
	buf[len] = '\0';
	if (WEXITSTATUS(status) || !len) {
		*rc = -ENOTDIR;
		return NULL;
	}
	return strdup(buf);
}

/* 1 if path is a hook bpf-lint wrote (its marker in the first lines), 0 if not. */
static int ours(const char *path)
{
	char head[1024];
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return 0;
	n = fread(head, 1, sizeof(head) - 1, f);
	fclose(f);
	head[n] = '\0';
	return strstr(head, GIT_HOOK_MARKER) != NULL;
}

/* Write text to dir/.pre-commit.bpf-lint-XXXXXX, mode 0755, and rename it to path. */
static int write_atomic(const char *dir, const char *path, const char *text, char **err)
{
	char *tmp = lint__strdupf("%s/.pre-commit.bpf-lint-XXXXXX", dir);
	size_t len = strlen(text);
	int fd, rc = 0;

	if (!tmp)
		return -ENOMEM;
	fd = mkstemp(tmp);
	if (fd < 0) {
		rc = -errno;
		*err = lint__strdupf("%s: %s", dir, strerror(errno));
		free(tmp);
		return rc;
	}
	if (write(fd, text, len) != (ssize_t)len || fchmod(fd, 0755) || fsync(fd))
		rc = errno ? -errno : -EIO;
	if (close(fd) && !rc)
		rc = -errno;
	if (!rc && rename(tmp, path))
		rc = -errno;
	if (rc) {
		*err = lint__strdupf("%s: %s", path, strerror(-rc));
		unlink(tmp);
	}
	free(tmp);
	return rc;
}

/* -p and --config made absolute: git runs the hook from the top directory. */
static int absolute_paths(struct lint_options *o, char **db, char **conf, char **err)
{
	if (o->compile_db_dir) {
		*db = realpath(o->compile_db_dir, NULL);
		if (!*db) {
			*err = lint__strdupf("-p %s: %s", o->compile_db_dir, strerror(errno));
			return -errno;
		}
		o->compile_db_dir = *db;
	}
	if (o->config_path) {
		*conf = realpath(o->config_path, NULL);
		if (!*conf) {
			*err = lint__strdupf("--config=%s: %s", o->config_path, strerror(errno));
			return -errno;
		}
		o->config_path = *conf;
	}
	return 0;
}

int git_hook_install(const struct lint_options *opt, char **where, char **err)
{
	struct lint_options o = *opt;
	char self[PATH_MAX], *dir = NULL, *path = NULL, *text = NULL, *db = NULL, *conf = NULL;
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	struct stat st;
	int rc;

	*where = *err = NULL;
	if (n > 0)
		self[n] = '\0';
	else
		strcpy(self, "bpf-lint");	/* no /proc: the hook finds it on PATH */
	rc = absolute_paths(&o, &db, &conf, err);
	if (rc)
		goto out;
	dir = hooks_dir(&rc);
	if (!dir) {
		*err = rc == -ENOTDIR ? lint__strdupf("--install-git-hook: not inside a git repository") :
		       rc == -ENOEXEC ? lint__strdupf("--install-git-hook: cannot run git") : NULL;
		goto out;
	}
	if (mkdir(dir, 0755) && errno != EEXIST) {
		rc = -errno;
		*err = lint__strdupf("%s: %s", dir, strerror(errno));
		goto out;
	}
	path = lint__strdupf("%s/pre-commit", dir);
	if (!path) {
		rc = -ENOMEM;
		goto out;
	}
	if (lstat(path, &st) == 0 && !ours(path)) {
		rc = -EEXIST;
		*err = lint__strdupf("%s: a pre-commit hook exists and was not written by bpf-lint; "
			       "not overwritten", path);
		goto out;
	}
	text = git_hook_script(self, &o);
	rc = text ? write_atomic(dir, path, text, err) : -ENOMEM;
	if (!rc) {
		*where = realpath(path, NULL);
		if (!*where) {
			*where = path;
			path = NULL;
		}
	}
out:
	free(text);
	free(path);
	free(dir);
	free(db);
	free(conf);
	return rc;
}
