/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Confirming fixes: compile the original and candidate sources, verify
 * every program with a backend (model or kernel), keep only the fixes
 * that leave every program accepted and the processed count no higher.
 * The one place where lint/ output meets verifier-model/.
 */
#ifndef CONFIRM_CONFIRM_H
#define CONFIRM_CONFIRM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "verifier-model/result.h"
#include "confirm/compile.h"

struct prog_figures {
	char name[64];
	enum vm_verdict verdict;
	long insns;
	char reason[256];
	struct bpf_insn *insns_copy;  /* to tell an unchanged object */
	size_t n_insns;
	uint64_t global_subprogs;     /* bit i: subprogram i is global (BTF) */
	bool over_budget;             /* stopped at the trial budget: processes
				       * more than insns - 1 (the count is a floor) */
	uint64_t fingerprint;         /* prog_fingerprint(): what verifying it reads */
	bool reused;                  /* figures taken from the reference */
	bool cached;                  /* figures of an earlier run of the same
				       * fingerprint (confirm/result_cache.h) */
};

struct measurement {
	bool compiled;
	char *compile_log;            /* compiler messages when !compiled */
	struct prog_figures *progs;
	size_t n_progs;
	long total;                   /* sum of processed insns */
	char error[256];              /* object could not be read */
};

/*
 * Verify every program of the object at obj_path; 0 or -errno. With ref
 * (a trial judged against ref) and the model backend, a program accepted
 * in ref gets a budget of a few times its ref count: past it the trial
 * has lost anyway, so the model stops there and marks it over_budget.
 * A program whose fingerprint equals its namesake's in ref is not
 * verified again: it gets ref's figures (an edit elsewhere cannot change them).
 */
int measurement__verify(struct measurement *m, const char *obj_path,
			const struct vm_backend *be, const struct vm_options *opt,
			const struct measurement *ref);
void measurement__free(struct measurement *m);
/*
 * True if some program of after processes more insns than in before
 * (a program that goes from rejected to accepted does not count).
 */
bool measurement__any_grew(const struct measurement *before,
			   const struct measurement *after);
/* True if some program of m stopped at its trial budget. */
bool measurement__over_budget(const struct measurement *m);
/* True if both objects hold the same programs with identical code. */
bool measurement__same_code(const struct measurement *a,
			    const struct measurement *b);

enum confirm_verdict {
	CONFIRM_FIXES_REJECTION,  /* a rejected program is now accepted */
	CONFIRM_HELPS,            /* fewer insns, nothing newly rejected */
	CONFIRM_NO_CHANGE,        /* same object code */
	CONFIRM_NEUTRAL,          /* different code, same total */
	CONFIRM_WORSE,            /* more insns in some program */
	CONFIRM_STILL_REJECTED,   /* only programs rejected before and after
				   * changed: nothing is confirmed */
	CONFIRM_BREAKS,           /* accepted before, rejected after */
	CONFIRM_NO_COMPILE,       /* the candidate does not compile */
	CONFIRM_UNVERIFIABLE,     /* the backend could not verify a program */
};

/* Judge after against before; why gets a one-line reason. */
enum confirm_verdict confirm_judge(const struct measurement *before,
				   const struct measurement *after,
				   char *why, size_t whylen);
/* True if a verdict means the candidate may be kept. */
bool confirm_acceptable(enum confirm_verdict v);

/*
 * "PROG: 903 -> 59 processed insns (-93.5%), accepted -> accepted" lines,
 * programs that go from rejected to accepted first.
 */
void confirm_print_table(FILE *out, const struct measurement *before,
			 const struct measurement *after);

/* A translation unit a multi-file candidate is measured in (confirm/units.c). */
struct confirm_unit {
	const char *path;             /* its main file */
	char *const *args;            /* its compile flags */
	const char *compiler;         /* the project's compiler for it, NULL: clang-19 */
	const char *cwd;              /* the directory its command runs in, or NULL */
	const char *text;             /* its main file's bytes, unless rendered */
	size_t len;
	const char *label;            /* names its programs: "LABEL:prog" */
	char *const *aliases;         /* absolute names, not real paths (a symlink */
	size_t n_aliases;             /* between), it includes files by */
};

/* One file of a multi-file rendering. */
struct confirm_file {
	const char *path;
	char *text;                   /* malloc'd */
	size_t len;
};

/* A file with candidate fixes, seen through a renderer. */
struct confirm_source {
	const char *path;
	const struct compile_opts *cc;/* how the project compiles path */
	size_t n_fixes;
	const bool *eligible;         /* n_fixes: worth trying; NULL = all */
	const bool *must_help;        /* n_fixes: kept only if the count drops
				       * (NULL = all); others: if it does not grow */
	/* The file's bytes with the chosen fixes applied (malloc'd). */
	char *(*render)(void *cookie, const bool *chosen, size_t *len);
	void *cookie;
	/*
	 * Fixes over several files (n_units > 0; path, args and render unused):
	 * every unit is compiled with the files render_files gives laid over
	 * the disk, and its programs verified; all programs judge together.
	 */
	const struct confirm_unit *units;
	size_t n_units;
	int (*render_files)(void *cookie, const bool *chosen,
			    struct confirm_file **files, size_t *n);
};

struct confirm_outcome {
	struct measurement before, after;  /* after: valid if have_after */
	bool have_after;              /* some fix was kept */
	bool *kept;                   /* n_fixes: the confirmed subset */
	char **dropped_why;           /* n_fixes: reason a candidate was dropped */
	bool original_compiles;
};

/*
 * Choose the fixes to keep among src's candidates. All of them are tried
 * together first; when no program got worse or was newly rejected, each
 * is then left out once (files with at most 8 candidates) and dropped if
 * the programs are no worse without it (must_help fixes: if they gain
 * nothing). Otherwise each is tried on top of the ones accepted so far.
 * Returns 0, -EBADMSG if the original does not compile, or -errno.
 */
int confirm_choose(const struct confirm_source *src,
		   const struct vm_backend *be, const struct vm_options *opt,
		   struct compile_dir *dir, struct confirm_outcome *out);
void confirm_outcome__free(struct confirm_outcome *out, size_t n_fixes);

#endif
