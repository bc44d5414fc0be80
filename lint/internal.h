/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Shared between the files of lint/ (not for rules): the context a rule
 * runs in, the per-file configuration and the suppression scanner.
 */
#ifndef BPF_LINT_INTERNAL_H
#define BPF_LINT_INTERNAL_H

#include <regex.h>
#include <stdbool.h>
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
};

struct lint_ctx {
	CXTranslationUnit tu;
	const char *main_path;
	CXFile main_file;
	const struct lint_file_config *conf;
	regex_t *header_re;      /* --header-filter, or NULL */
	const struct bpf_rule *rule; /* the rule running now */
	struct bpf_findings *out;
	const char *unsaved_text;
	size_t unsaved_len;
	unsigned declared;       /* lint_declared() cache */
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

/* Run every enabled rule over ctx's unit. */
void ctx__run_rules(struct lint_ctx *ctx, const char *rule_filter);
/* Compute enum bpf_need bits the unit already declares. */
unsigned ctx__declared(CXTranslationUnit tu);

/* What lint_run does before and after parsing, shared with the warm units. */
struct lint_prep {
	struct lint_file_config conf;  /* target_kernel resolved */
	regex_t re;                    /* --header-filter, when have_re */
	bool have_re;
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

/* asprintf that returns NULL on failure. */
char *lint__strdupf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
