/* SPDX-License-Identifier: GPL-2.0-only */
/* The compile database is read once per run and read again when it changes. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lint/compile_db.h"

static char dir[] = "/tmp/lint-db-XXXXXX";

static void write_db(const char *const *files, int n)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/compile_commands.json", dir);
	f = fopen(path, "w");
	cr_assert(f);
	fputs("[\n", f);
	for (int i = 0; i < n; i++)
		fprintf(f, "%s{\"directory\": \"%s\", \"file\": \"%s\", "
			"\"command\": \"clang-19 -target bpf -c %s\"}\n",
			i ? "," : "", dir, files[i], files[i]);
	fputs("]\n", f);
	cr_assert_eq(fclose(f), 0);
}

static char *in_dir(const char *name)
{
	static char buf[512];

	snprintf(buf, sizeof(buf), "%s/%s", dir, name);
	return buf;
}

static void touch(const char *name)
{
	FILE *f = fopen(in_dir(name), "w");

	cr_assert(f);
	fclose(f);
}

static void setup(void)
{
	cr_assert(mkdtemp(dir));
	cr_assert_eq(mkdir(in_dir("sub"), 0700), 0);
	touch("a.bpf.c");
	touch("b.bpf.c");
}

static void teardown(void)
{
	const char *names[] = { "compile_commands.json", "a.bpf.c", "b.bpf.c", "sub" };

	for (size_t i = 0; i < sizeof(names) / sizeof(*names); i++)
		remove(in_dir(names[i]));
	rmdir(dir);
}

Test(compile_db, listed_files_and_reload, .init = setup, .fini = teardown)
{
	const char *one[] = { "a.bpf.c" };
	const char *two[] = { "a.bpf.c", "sub/../b.bpf.c" };
	CXCompilationDatabase first;

	write_db(one, 1);
	first = lint__db_get(dir);
	cr_assert(first);
	cr_expect_eq(lint__db_get(dir), first, "read once: the same handle the second time");
	cr_expect(lint__db_lists(dir, in_dir("a.bpf.c")));
	cr_expect(!lint__db_lists(dir, in_dir("b.bpf.c")));

	write_db(two, 2);	/* a bigger file: read again, the index too */
	cr_assert(lint__db_get(dir));
	cr_expect(lint__db_lists(dir, in_dir("b.bpf.c")),
		  "an entry written as sub/../b.bpf.c lists b.bpf.c once the database changed");
	cr_expect(lint__db_lists(dir, in_dir("a.bpf.c")));
}

Test(compile_db, no_database, .init = setup, .fini = teardown)
{
	cr_expect_null(lint__db_get(dir));
	cr_expect(!lint__db_lists(dir, in_dir("a.bpf.c")));
}
