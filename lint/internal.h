/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Shared between the files of lint/ (not for rules): the context a rule
 * runs in, the per-file configuration and the suppression scanner.
 */
#ifndef BPF_LINT_INTERNAL_H
#define BPF_LINT_INTERNAL_H

#include <limits.h>
#include <regex.h>
#include <stdbool.h>
#include <sys/types.h>
#include <clang-c/Index.h>
#include "lint/finding.h"
#include "lint/lint.h"
#include "lint/lint_ctx.h"
#include "rules/rule.h"

#define LINT_MAX_RULES 64

/* Per-rule setting from the config file: -1 default, 0 off, 1 on. */
struct lint_rule_setting {
	int enabled;
	int severity;            /* enum bpf_severity, or -1: the rule's own */
	unsigned option;         /* the rule's option, 0: its default */
};

/* A config key's list of patterns (one string or a YAML list). */
struct lint_patterns {
	char **v;
	size_t n;
};

struct lint_file_config {
	struct lint_config cfg;
	bool kernel_set;         /* target-kernel given in the file */
	struct lint_rule_setting rules[LINT_MAX_RULES];
	char *path;              /* the file it came from, or NULL */
	struct lint_patterns exclude; /* gitignore-style, relative to path's dir */
	struct lint_patterns files;   /* file names a directory walk takes; none: *.bpf.c */
	struct lint_patterns *links;  /* link: groups of sources linked into one
				       * object, relative to path's dir */
	size_t n_links;
	char *header_filter;     /* header-filter: REGEX, or NULL */
};

struct lint_ctx {
	CXTranslationUnit tu;
	const char *main_path;
	CXFile main_file;
	const struct lint_file_config *conf;
	regex_t *header_re;      /* --header-filter or the config's, or NULL */
	const char *project;     /* project__root(), or NULL */
	struct { CXFile f; bool ok; } seen[128]; /* file_reported() answers */
	unsigned n_seen;
	const regex_t *seen_re;  /* the filter the answers were given under */
	const struct bpf_rule *rule; /* the rule running now */
	struct bpf_findings *out;
	const char *unsaved_text;
	size_t unsaved_len;
	struct lint_walk *walk;  /* the one walk, while it runs (walk.c) */
	struct lint_macros *macros; /* gathered by the walk (macros.c) */
	unsigned declared;       /* lint_declared() cache */
	unsigned pch_declared;   /* ctx__declared_scan() of the PCH used, or 0 */
	bool declared_done;
};

/* Load config for path: opt_path if set, else .bpf-lint.yaml walking up. */
int config__load(struct lint_file_config *c, const char *path,
		 const char *opt_path, char **err);
void config__free(struct lint_file_config *c);
/* Does c's exclude: list leave out path (relative to c->path's directory)? */
bool config__excludes(const struct lint_file_config *c, const char *path, bool is_dir);
/* Does a directory walk take the file called name (c's files:, else *.bpf.c)? */
bool config__walk_takes(const struct lint_file_config *c, const char *name);
/* Parse one YAML document from text (name for messages); for tests. */
int config__parse(struct lint_file_config *c, const char *text, size_t len,
		  const char *name, char **err);
/*
 * Findings out->v[from..] of rule r whose fix needs a kernel newer than
 * target lose their edits and say so (r->fix_kernels names the fix). target.c.
 */
void target__downgrade(const struct bpf_rule *r, struct bpf_findings *out, size_t from,
		       unsigned target);

/* Index of rule id in bpf_rules, or -1. */
int config__rule_index(const char *id);

/* Apply a clang-tidy glob list "a,b-*,-c" to id: last match wins, else dflt. */
bool lint__globs_apply(const char *list, size_t len, const char *id, bool dflt);
/* clang-tidy style glob list "a,b-*,-c": does it select id? */
bool nolint__list_matches(const char *list, size_t len, const char *id);
/* Is a finding of rule at (1-based) line of text suppressed by NOLINT*? */
bool nolint__suppressed(const char *text, size_t len, unsigned line,
			const char *rule);

/* Resolve a cursor location to file + offset through expansions. */
void ctx__expansion(CXSourceLocation loc, CXFile *file, unsigned *line,
		    unsigned *col, unsigned *off);

/* The one walk over ctx's unit for these rules (walk.c): visit, then finish. */
void walk__run(struct lint_ctx *ctx, const struct bpf_rule *const *rules, unsigned n);

/* The unit's macros (macros.c), filled by the walk's first phase. */
struct lint_macros *macros__new(void);
void macros__free(struct lint_macros *m);
void macros__add_definition(struct lint_macros *m, CXCursor c);
void macros__add_expansion(struct lint_macros *m, CXCursor c, unsigned off, unsigned end);
/* Sort the expansions by offset once all are in. */
void macros__seal(struct lint_macros *m);

/* Run every enabled rule over ctx's unit. */
void ctx__run_rules(struct lint_ctx *ctx, const char *rule_filter);
/* The reported files (project headers, pieces) ctx's unit includes, into ctx->out->includes. */
void ctx__collect_includes(struct lint_ctx *ctx);
/*
 * What the unit declares, raw: scans over two units (a precompiled header
 * and the file parsed with it) OR together. ctx__declared_bits turns it
 * into enum bpf_need bits.
 */
unsigned ctx__declared_scan(CXTranslationUnit tu);
unsigned ctx__declared_bits(unsigned raw);

/* What lint_run does before and after parsing, shared with the warm units. */
struct lint_prep {
	struct lint_file_config conf;  /* target_kernel resolved */
	regex_t re;                    /* --header-filter, when have_re */
	bool have_re;
	char project[PATH_MAX];        /* project__root(), "" if unknown */
	const struct lint_pch *pch;    /* parse with this precompiled header (pch.h), or NULL */
	unsigned pch_declared;         /* its declared scan, once parsed with it */
};

/* Check the input (file or buffer), load its config, compile the filter; 0 or -errno + *err. */
int lint__prepare(struct lint_prep *p, const char *path, const struct lint_options *opt,
		  char **err);
void lint__prepare_free(struct lint_prep *p);
/* Run the enabled rules over tu (parsed without errors) into out, sorted. */
void lint__check_unit(struct lint_prep *p, CXTranslationUnit tu, const char *path,
		      const struct lint_options *opt, struct bpf_findings *out);
/* clang's first error in tu as one line ("(and N more errors)"), or NULL. */
char *lint__parse_errors(CXTranslationUnit tu);

/*
 * path made absolute into out: its realpath, or for a file that is not
 * on disk (an editor's buffer, standard input) its directory's realpath
 * and its name, else the current directory and path. False if too long.
 */
bool lint__abspath(const char *path, char *out, size_t size);

/* lint_compile_args, and in *note (malloc'd) the flags it left out, if any. */
char **lint__compile_args(const char *path, const struct lint_options *opt, char **note);

/* A compile database over this is refused (the kernel's own is ~20 MiB). */
#define LINT_MAX_DB_BYTES (64u << 20)
/* A config file over this is refused. */
#define LINT_MAX_CONFIG_BYTES (1u << 20)

/* "a FIFO", "a device", "a socket"...: what a non-regular file is. */
const char *lint__file_kind(mode_t mode);
/*
 * Read a regular file of at most max bytes into *text (NUL-terminated,
 * malloc'd); a FIFO, device or socket is refused unread. 0 or -errno + *err.
 */
int lint__read_regular(const char *path, size_t max, char **text, size_t *len, char **err);
/* DIR/compile_commands.json exists, is JSON and has the entries' shape; 0 or -errno + *err. */
int lint__check_compile_db(const char *dir, char **err);

/*
 * The project main_path belongs to: the directory of its config file
 * (config_path, may be NULL) when the file is below it, else its git work
 * tree, else the nearest directory upwards with a build file (Makefile,
 * CMakeLists.txt, meson.build, Kbuild), else its own directory.
 * 0 or -ENAMETOOLONG.
 */
int project__root(const char *main_path, const char *config_path, char *out, size_t size);
/* Is path the project's own code: below root, not generated, not libbpf's? */
bool project__owns(const char *root, const char *path);

/* asprintf that returns NULL on failure. */
char *lint__strdupf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
