/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Warm translation units for the language server: the first lint of a
 * path parses with a precompiled preamble, later ones reparse the same
 * unit with the new buffer, so a keystroke costs a fraction of a parse.
 */
#ifndef BPF_LINT_WARM_H
#define BPF_LINT_WARM_H

#include "lint/lint.h"

struct lint_warm;

/* A cache of units, one per path; NULL on ENOMEM. */
struct lint_warm *lint_warm_new(void);
void lint_warm_free(struct lint_warm *w);

/*
 * lint_run for path with opt->unsaved_text as its contents, reusing the
 * unit kept for path when the compiler arguments are unchanged. Same
 * results and errors as lint_run, and -ECANCELED when libclang caught a
 * crash of its own (the memory it held may be lost: a worker process
 * should end). *reparsed tells whether it reparsed.
 */
int lint_warm_run(struct lint_warm *w, const char *path,
		  const struct lint_options *opt, struct bpf_findings *out,
		  char **err, bool *reparsed);
/* Drop the unit kept for path (the editor closed it). */
void lint_warm_forget(struct lint_warm *w, const char *path);

#endif
