/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The front end as a library: flags for a file, parse, run the rules,
 * hand back findings. Used by bpf-lint, bpf-fix and the LSP server.
 */
#ifndef BPF_LINT_LINT_H
#define BPF_LINT_LINT_H

/* Larger inputs are refused (-EFBIG): no BPF source is 10 MiB. */
#define LINT_MAX_SOURCE_BYTES (10u << 20)

#include <stdbool.h>
#include <stddef.h>
#include "lint/finding.h"

/*
 * Each parse runs in a child process with these limits (isolate.c):
 * address space in MiB (not under ASan) and CPU seconds.
 */
#define LINT_PARSE_MEMORY_MIB 2048u
#define LINT_PARSE_SECONDS 60u
struct lint_limits {
	unsigned memory_mib;          /* 0: LINT_PARSE_MEMORY_MIB */
	unsigned cpu_seconds;         /* 0: LINT_PARSE_SECONDS */
};

/* "MIB,SECONDS" (--parse-limits) into *lim; -EINVAL if malformed. */
int lint_parse_limits(const char *s, struct lint_limits *lim);

struct lint_options {
	const char *compile_db_dir;   /* -p DIR: compile_commands.json, or NULL */
	const char *const *extra_args;/* flags after `--` */
	int n_extra_args;
	const char *header_filter;    /* --header-filter=REGEX, or NULL */
	const char *config_path;      /* explicit config; NULL: walk up */
	const char *rule_filter;      /* "ID,glob-*,-ID" as clang-tidy's -checks */
	unsigned target_kernel;       /* KVER(); 0: config, else running kernel */
	const char *unsaved_text;     /* editor buffer for the file, or NULL */
	size_t unsaved_len;
	struct lint_limits limits;    /* of each parse; zeros: the defaults */
	bool in_process;              /* parse here, not in a child (warm units) */
	bool shared_pch;              /* a file's leading #include of a vmlinux*.h from
				       * a precompiled header, made once per run (many files) */
};

struct lint_session;

/* A session owns the libclang index and warm units (reparse for the LSP). */
struct lint_session *lint_session_new(void);
void lint_session_free(struct lint_session *s);

/*
 * Lint one file. Returns 0 with findings in *out (possibly none);
 * -ENOENT/-EISDIR/-EINVAL... with a one-line reason in *err; on a parse
 * failure -EBADMSG with clang's diagnostics, as clang prints them, in
 * *err (malloc'd, caller frees). out->declared is filled as well. On
 * success *err may hold a note ("FILE: note: left out FLAGS...": compiler
 * flags libclang refuses, dropped so the file parses); caller frees.
 */
int lint_run(struct lint_session *s, const char *path,
	     const struct lint_options *opt, struct bpf_findings *out,
	     char **err);

/*
 * The compiler arguments lint_run would use for path (defaults, config,
 * compile database, extra args), NULL-terminated, without the input file.
 * Caller frees with lint_args_free. For compiling the same file to BPF.
 */
char **lint_compile_args(const char *path, const struct lint_options *opt);
void lint_args_free(char **args);

/* How the project itself compiles a file, for compiling it to BPF. */
struct lint_command {
	char *compiler;   /* the database entry's argv[0], or `--`'s first word
			   * when it is not a flag; NULL: none named (clang-19) */
	char *dir;        /* the entry's directory (relative flags), or NULL */
	char **args;      /* flags, NULL-terminated, without compiler, input,
			   * output, -c and dependency flags; with no compiler
			   * named, lint_compile_args() */
};

/*
 * Fill cmd for path from -p DIR's compile_commands.json and the flags
 * after `--` (a leading non-flag word there names the compiler). A
 * database entry's command is taken as it is (no defaults added); a
 * compiler from `--` gets the defaults but clang-19's resource directory.
 * 0 or -ENOMEM; free with lint_command__free.
 */
int lint_compile_command(const char *path, const struct lint_options *opt,
			 struct lint_command *cmd);
void lint_command__free(struct lint_command *cmd);

/*
 * The sources the config's link: entry links with path into one object
 * (path among them, in the entry's order), absolute, NULL-terminated;
 * NULL when no entry names path. Free with lint_args_free.
 */
char **lint_link_group(const char *path, const struct lint_options *opt);

/* The running kernel's version as KVER() (uname), or KVER(6, 18). */
unsigned lint_running_kernel(void);
/* Parse "6.4" into KVER(); 0 on a malformed string. */
unsigned lint_parse_kernel(const char *s);

#endif
