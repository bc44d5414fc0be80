// SPDX-License-Identifier: GPL-2.0-only
/* Diffs, atomic replacement and export-fixes of the rewrite engine. */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "rewrite/atomic.h"
#include "rewrite/diff.h"
#include "rewrite/export.h"

static char dir[] = "/tmp/bpf-fix-io-XXXXXX";

static void setup(void)
{
	cr_assert_not_null(mkdtemp(dir));
}

static void teardown(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	cr_assert_eq(system(cmd), 0);
	strcpy(dir, "/tmp/bpf-fix-io-XXXXXX");
}

static char *path_in(const char *name)
{
	char *p;

	cr_assert(asprintf(&p, "%s/%s", dir, name) > 0);
	return p;
}

static void put(const char *path, const char *text, mode_t mode)
{
	FILE *f = fopen(path, "w");

	cr_assert_not_null(f);
	fputs(text, f);
	fclose(f);
	cr_assert_eq(chmod(path, mode), 0);
}

static char *get(const char *path)
{
	struct file_snapshot s;
	char why[128], *b;

	cr_assert_eq(file_snapshot__read(&s, path, why, sizeof(why)), 0, "%s", why);
	b = s.bytes;
	s.bytes = NULL;
	file_snapshot__free(&s);
	return b;
}

/* Files in dir other than the ones the test made: leftover temporaries. */
static int temporaries(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	cr_assert_not_null(d);
	while ((e = readdir(d)))
		n += strstr(e->d_name, ".bpf-fix-") != NULL;
	closedir(d);
	return n;
}

Test(diff, git_form_with_crlf_kept)
{
	const char a[] = "one\r\ntwo\r\nthree\r\n", b[] = "one\r\n2\r\nthree\r\n";
	char *out;
	size_t len;

	cr_assert_eq(diff_unified("x/t.c", a, strlen(a), b, strlen(b), &out, &len), 0);
	cr_assert(strstr(out, "--- a/x/t.c\n+++ b/x/t.c\n") != NULL, "%s", out);
	cr_assert(strstr(out, "\n-two\r\n+2\r\n") != NULL, "%s", out);
	free(out);
	cr_assert_eq(diff_unified("t.c", a, strlen(a), a, strlen(a), &out, &len), 0);
	cr_assert_eq(len, 0);
	free(out);
}

Test(diff, display_path_relative_under_cwd, .init = setup, .fini = teardown)
{
	char *p = path_in("f.c"), *shown, *cwd = getcwd(NULL, 0);

	put(p, "x\n", 0644);
	cr_assert_eq(chdir(dir), 0);
	shown = diff_display_path("f.c");
	cr_assert_str_eq(shown, "f.c");
	free(shown);
	cr_assert_eq(chdir("/"), 0);
	shown = diff_display_path(p);
	cr_assert_str_eq(shown, p + 1);
	free(shown);
	cr_assert_eq(chdir(cwd), 0);
	free(cwd);
	free(p);
}

Test(atomic, replace_keeps_mode, .init = setup, .fini = teardown)
{
	char *p = path_in("f.c"), why[256], *now;
	struct file_snapshot s;
	struct stat st;

	put(p, "old\n", 0640);
	cr_assert_eq(file_snapshot__read(&s, p, why, sizeof(why)), 0);
	cr_assert_eq(file_snapshot__replace(&s, "new\n", 4, NULL, why, sizeof(why)), 0, "%s", why);
	now = get(p);
	cr_assert_str_eq(now, "new\n");
	cr_assert_eq(stat(p, &st), 0);
	cr_assert_eq(st.st_mode & 07777, 0640);
	cr_assert_eq(temporaries(), 0);
	file_snapshot__free(&s);
	free(now);
	free(p);
}

Test(atomic, read_only_untouched, .init = setup, .fini = teardown)
{
	char *p = path_in("f.c"), why[256], *now;
	struct file_snapshot s;

	put(p, "old\n", 0444);
	cr_assert_eq(file_snapshot__read(&s, p, why, sizeof(why)), 0);
	cr_assert_eq(file_snapshot__replace(&s, "new\n", 4, NULL, why, sizeof(why)), -EACCES);
	now = get(p);
	cr_assert_str_eq(now, "old\n");
	cr_assert_eq(temporaries(), 0);
	file_snapshot__free(&s);
	free(now);
	free(p);
}

/* Another writer: same size, mtime restored, so only the content tells. */
static void sneaky_writer(const char *path, void *arg)
{
	struct stat st;
	int fd = open(path, O_RDWR);

	(void)arg;
	cr_assert(fd >= 0 && fstat(fd, &st) == 0);
	cr_assert_eq(pwrite(fd, "X", 1, 0), 1);
	struct timespec t[2] = { st.st_atim, st.st_mtim };
	cr_assert_eq(futimens(fd, t), 0);
	close(fd);
}

Test(atomic, changed_since_read_refused, .init = setup, .fini = teardown)
{
	char *p = path_in("f.c"), why[256], *now;
	struct replace_opts o = { .before_commit = sneaky_writer };
	struct file_snapshot s;

	put(p, "old\n", 0644);
	cr_assert_eq(file_snapshot__read(&s, p, why, sizeof(why)), 0);
	cr_assert_eq(file_snapshot__replace(&s, "new\n", 4, &o, why, sizeof(why)), -ESTALE);
	now = get(p);
	cr_assert_str_eq(now, "Xld\n");   /* the other writer's bytes survive */
	cr_assert_eq(temporaries(), 0);
	file_snapshot__free(&s);
	free(now);
	free(p);
}

Test(atomic, symlink_target_rewritten, .init = setup, .fini = teardown)
{
	char *p = path_in("real.c"), *l = path_in("link.c"), why[256], *now;
	struct file_snapshot s;
	struct stat st;

	put(p, "old\n", 0644);
	cr_assert_eq(symlink("real.c", l), 0);
	cr_assert_eq(file_snapshot__read(&s, l, why, sizeof(why)), 0);
	cr_assert_eq(file_snapshot__replace(&s, "new\n", 4, NULL, why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(lstat(l, &st), 0);
	cr_assert(S_ISLNK(st.st_mode));
	now = get(p);
	cr_assert_str_eq(now, "new\n");
	file_snapshot__free(&s);
	free(now);
	free(p);
	free(l);
}

Test(atomic, directory_and_missing, .init = setup, .fini = teardown)
{
	char *p = path_in("nope.c"), why[256];
	struct file_snapshot s;

	cr_assert_eq(file_snapshot__read(&s, dir, why, sizeof(why)), -EISDIR);
	cr_assert_eq(file_snapshot__read(&s, p, why, sizeof(why)), -ENOENT);
	free(p);
}

Test(export, clang_tidy_keys, .init = setup, .fini = teardown)
{
	const char src[] = "static __always_inline int f;\n";
	struct bpf_edit e = { .file = "/abs/t.c", .offset = 7, .length = 16, .text = "" };
	struct bpf_finding v = { .rule = "always-inline", .file = "/abs/t.c", .offset = 7,
				 .message = "it's \"inline\"", .severity = BPF_SEV_WARNING,
				 .fix = { .edits = &e, .n_edits = 1 } };
	struct bpf_findings fs = { .v = &v, .n = 1 };
	struct fix_plan pl, *pp = &pl;
	char *y = path_in("fixes.yaml"), *text;

	cr_assert_eq(fix_plan__init(&pl, "/abs/t.c", src, strlen(src), &fs, KVER(6, 18)), 0);
	cr_assert_eq(export_fixes_write(y, &pp, 1, "/build"), 0);
	text = get(y);
	for (const char *k = "MainSourceFile: \"/abs/t.c\"\0Diagnostics:\0"
			     "- DiagnosticName: \"always-inline\"\0Message: \"it's \\\"inline\\\"\"\0"
			     "FileOffset: 7\0Offset: 7\0Length: 16\0ReplacementText: \"\"\0"
			     "Level: Warning\0BuildDirectory: \"/build\"\0"; *k; k += strlen(k) + 1)
		cr_assert(strstr(text, k) != NULL, "no [%s] in\n%s", k, text);
	free(text);
	free(y);
	fix_plan__free(&pl);
}

Test(diff, no_newline_at_eof_marked)
{
	const char a[] = "x\nlast", b[] = "x\nLAST";
	char *out;
	size_t len;

	cr_assert_eq(diff_unified("t.c", a, strlen(a), b, strlen(b), &out, &len), 0);
	cr_assert(strstr(out, "-last\n\\ No newline at end of file\n+LAST\n\\ No newline at end of file\n") != NULL,
		  "%s", out);
	free(out);
}
