/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Compiler arguments for a file: BPF defaults for the host, then the
 * compile database's entry (-p DIR), then the flags after `--`.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <clang-c/CXCompilationDatabase.h>
#include "lint/compile_db.h"
#include "lint/isolate.h"
#include "lint/internal.h"
#include "lint/lint.h"
#include "config.h"

struct argv_buf {
	char **v;
	size_t n, cap;
	bool oom;
	/* libclang's arguments leave out what libclang 19 refuses; the
	 * project's own compiler command keeps every flag */
	bool for_libclang;
	char dropped[512];       /* flags left out, for the note */
};

/*
 * Flags a project's compiler takes that libclang 19 refuses ("unknown
 * argument", and the whole parse fails): dropped, as clangd drops the
 * arguments its driver does not know, and named in a note. Older clangs'
 * removed options and GCC-only options of kernel-style builds.
 */
static const char *const refused_flags[] = {
	"-fdouble-square-bracket-attributes",   /* clang <= 17; [[]] is always on in 19 */
	"-fno-double-square-bracket-attributes",
	"-fexperimental-new-pass-manager",      /* clang <= 14 */
	"-fno-experimental-new-pass-manager",
	"-flegacy-pass-manager",
	"-fno-legacy-pass-manager",
	"-fconserve-stack",                     /* GCC only */
	"-fno-allow-store-data-races",
	"-mrecord-mcount",
	"-mno-fp-ret-in-387",
	"-mskip-rax-setup",
};

static bool refused(struct argv_buf *a, const char *arg)
{
	size_t n = strlen(a->dropped);

	for (size_t i = 0; i < sizeof(refused_flags) / sizeof(refused_flags[0]); i++) {
		if (strcmp(arg, refused_flags[i]))
			continue;
		if (!strstr(a->dropped, arg) && n < sizeof(a->dropped))
			snprintf(a->dropped + n, sizeof(a->dropped) - n, "%s%s", n ? " " : "", arg);
		return true;
	}
	return false;
}

static void argv_push(struct argv_buf *a, const char *s)
{
	if (a->oom || (a->for_libclang && refused(a, s)))
		return;
	if (a->n + 2 > a->cap) {
		size_t cap = a->cap ? a->cap * 2 : 32;
		char **v = realloc(a->v, cap * sizeof(*v));

		if (!v) {
			a->oom = true;
			return;
		}
		a->v = v;
		a->cap = cap;
	}
	a->v[a->n] = strdup(s);
	if (!a->v[a->n]) {
		a->oom = true;
		return;
	}
	a->v[++a->n] = NULL;
}

/* uname machine → (kernel arch for __TARGET_ARCH_, Debian multiarch). */
static void host_arch(const char **arch, const char **multiarch)
{
	static const struct { const char *m, *arch, *multi; } map[] = {
		{ "x86_64", "x86", "x86_64-linux-gnu" },
		{ "aarch64", "arm64", "aarch64-linux-gnu" },
		{ "armv7l", "arm", "arm-linux-gnueabihf" },
		{ "s390x", "s390", "s390x-linux-gnu" },
		{ "ppc64le", "powerpc", "powerpc64le-linux-gnu" },
		{ "riscv64", "riscv", "riscv64-linux-gnu" },
		{ "loongarch64", "loongarch", "loongarch64-linux-gnu" },
		{ "mips64", "mips", "mips64el-linux-gnuabi64" },
		{ "i686", "x86", "i386-linux-gnu" },
	};
	struct utsname u;

	*arch = "x86";
	*multiarch = "x86_64-linux-gnu";
	if (uname(&u))
		return;
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
		if (strcmp(u.machine, map[i].m) == 0) {
			*arch = map[i].arch;
			*multiarch = map[i].multi;
		}
	}
}

/* with_resource_dir: libclang's (clang-19's) headers, not another compiler's. */
static void push_defaults(struct argv_buf *a, bool with_resource_dir)
{
	const char *arch, *multi;
	char buf[PATH_MAX];

	host_arch(&arch, &multi);
	argv_push(a, "-target");
	argv_push(a, "bpf");
	snprintf(buf, sizeof(buf), "-D__TARGET_ARCH_%s", arch);
	argv_push(a, buf);
	snprintf(buf, sizeof(buf), "-I/usr/include/%s", multi);
	argv_push(a, buf);
	/* libclang does not always find its own headers (stddef.h...). */
	if (with_resource_dir) {
		argv_push(a, "-resource-dir");
		argv_push(a, BPF_RESOURCE_DIR);
	}
}

static bool same_file(const char *a, const char *b)
{
	char ra[PATH_MAX], rb[PATH_MAX];

	if (strcmp(a, b) == 0)
		return true;
	return realpath(a, ra) && realpath(b, rb) && strcmp(ra, rb) == 0;
}

/* Output, dependency and input arguments: the confirm step names its own. */
static int skipped_arg(const char *arg)
{
	static const char *const with_value[] = { "-o", "-MF", "-MT", "-MQ" };
	/* clang 19 writes `--` before an inferred entry's file: the flags after ours stay flags */
	static const char *const alone[] = { "-c", "-MD", "-MMD", "-MP", "-M", "-MM", "--" };

	for (size_t i = 0; i < sizeof(with_value) / sizeof(*with_value); i++)
		if (!strcmp(arg, with_value[i]))
			return 2;
	for (size_t i = 0; i < sizeof(alone) / sizeof(*alone); i++)
		if (!strcmp(arg, alone[i]))
			return 1;
	return strncmp(arg, "-o", 2) == 0;
}

/* The database entry's compiler and directory, when the caller wants them. */
struct db_entry_out {
	char *compiler;
	char *dir;
};

/* Keep the entry's flags; drop the compiler, outputs, -c and the input. */
static void push_db_args_locked(struct argv_buf *a, const char *dir, const char *path,
				struct db_entry_out *entry)
{
	CXCompilationDatabase db = lint__db_get(dir);
	char abs[PATH_MAX];

	if (!db)
		return;
	if (!lint__abspath(path, abs, sizeof(abs)))
		snprintf(abs, sizeof(abs), "%s", path);
	CXCompileCommands cmds = clang_CompilationDatabase_getCompileCommands(db, abs);

	if (cmds && clang_CompileCommands_getSize(cmds) > 0) {
		CXCompileCommand cmd = clang_CompileCommands_getCommand(cmds, 0);
		CXString wd = clang_CompileCommand_getDirectory(cmd);
		unsigned n = clang_CompileCommand_getNumArgs(cmd);

		/*
		 * For a file the database does not list, libclang answers with a
		 * neighbour's command (interpolated, as clangd does): fine for the
		 * flags the front end parses with, but not the project's own
		 * command for the file, so its compiler is not taken from it.
		 */
		if (entry && n && lint__db_lists(dir, abs)) {
			CXString cc = clang_CompileCommand_getArg(cmd, 0);

			entry->compiler = strdup(clang_getCString(cc));
			entry->dir = strdup(clang_getCString(wd));
			clang_disposeString(cc);
		}
		for (unsigned i = 1; i < n; i++) {
			CXString s = clang_CompileCommand_getArg(cmd, i);
			const char *arg = clang_getCString(s);
			char full[PATH_MAX];
			int skip = skipped_arg(arg);

			snprintf(full, sizeof(full), "%s/%s", clang_getCString(wd), arg);
			if (skip)
				i += (unsigned)skip - 1;
			else if (same_file(arg, abs) || same_file(full, abs))
				;
			else if (strncmp(arg, "-I", 2) == 0 && arg[2] && arg[2] != '/') {
				/* Relative include dirs are relative to the entry's dir. */
				snprintf(full, sizeof(full), "-I%s/%s",
					 clang_getCString(wd), arg + 2);
				argv_push(a, full);
			} else
				argv_push(a, arg);
			clang_disposeString(s);
		}
		clang_disposeString(wd);
	}
	clang_CompileCommands_dispose(cmds);
}

/*
 * libclang's database code may hold LLVM's locks: no parse child is forked
 * from another thread meanwhile (lint/isolate.c), or it could inherit one held.
 */
static void push_db_args(struct argv_buf *a, const char *dir, const char *path,
			 struct db_entry_out *entry)
{
	lint__fork_lock(true);
	push_db_args_locked(a, dir, path, entry);
	lint__fork_unlock();
}

/* `-- clang-16 -Iinc`: a first word that is not a flag names the compiler. */
static int extra_args_start(const struct lint_options *opt)
{
	return opt && opt->n_extra_args && opt->extra_args[0][0] != '-';
}

static void push_extra_args(struct argv_buf *a, const struct lint_options *opt)
{
	for (int i = extra_args_start(opt); opt && i < opt->n_extra_args; i++)
		argv_push(a, opt->extra_args[i]);
}

static char **argv_finish(struct argv_buf *a)
{
	if (a->oom || !a->v) {
		if (a->v)
			a->v[a->n] = NULL;
		lint_args_free(a->v);
		return NULL;
	}
	return a->v;
}

char **lint__compile_args(const char *path, const struct lint_options *opt, char **note)
{
	struct argv_buf a = { .for_libclang = true };

	push_defaults(&a, true);
	if (opt && opt->compile_db_dir)
		push_db_args(&a, opt->compile_db_dir, path, NULL);
	push_extra_args(&a, opt);
	if (note && a.dropped[0])
		*note = lint__strdupf("%s: note: left out %s: libclang 19 refuses %s", path,
				      a.dropped, strchr(a.dropped, ' ') ? "them" : "it");
	return argv_finish(&a);
}

int lint_compile_command(const char *path, const struct lint_options *opt,
			 struct lint_command *cmd)
{
	struct db_entry_out entry = { 0 };
	struct argv_buf db = { 0 };

	memset(cmd, 0, sizeof(*cmd));
	if (opt && opt->compile_db_dir)
		push_db_args(&db, opt->compile_db_dir, path, &entry);
	if (extra_args_start(opt)) {	/* `--`'s compiler wins, as its flags do */
		if (!entry.compiler)	/* no entry: the defaults `--` adds to */
			push_defaults(&db, false);
		free(entry.compiler);
		entry.compiler = strdup(opt->extra_args[0]);
		if (!entry.compiler)
			db.oom = true;
	}
	if (!entry.compiler) {	/* no project compiler: clang-19, the linter's flags */
		lint_args_free(argv_finish(&db));
		free(entry.dir);
		cmd->args = lint_compile_args(path, opt);
		return cmd->args ? 0 : -ENOMEM;
	}
	push_extra_args(&db, opt);
	cmd->compiler = entry.compiler;
	cmd->dir = entry.dir;
	cmd->args = argv_finish(&db);
	if (!cmd->args && !db.oom)	/* an entry with no flags at all */
		cmd->args = calloc(1, sizeof(*cmd->args));
	if (!cmd->args) {
		lint_command__free(cmd);
		return -ENOMEM;
	}
	return 0;
}

void lint_command__free(struct lint_command *cmd)
{
	free(cmd->compiler);
	free(cmd->dir);
	lint_args_free(cmd->args);
	memset(cmd, 0, sizeof(*cmd));
}

char **lint_compile_args(const char *path, const struct lint_options *opt)
{
	return lint__compile_args(path, opt, NULL);
}

void lint_args_free(char **args)
{
	for (size_t i = 0; args && args[i]; i++)
		free(args[i]);
	free(args);
}

unsigned lint_parse_kernel(const char *s)
{
	char *end;
	unsigned long maj, min = 0;

	if (!s || *s < '0' || *s > '9')
		return 0;
	maj = strtoul(s, &end, 10);
	if (*end == '.') {
		if (end[1] < '0' || end[1] > '9')
			return 0;
		min = strtoul(end + 1, &end, 10);
	}
	/* Allow a patch level or a -suffix ("6.18.0-rc1"), nothing else. */
	if (*end && *end != '.' && *end != '-' && *end != '+')
		return 0;
	if (maj == 0 || maj > 255 || min > 255)
		return 0;
	return KVER(maj, min);
}

unsigned lint_running_kernel(void)
{
	struct utsname u;
	unsigned v;

	if (uname(&u) == 0 && (v = lint_parse_kernel(u.release)))
		return v;
	return KVER(6, 18);
}
