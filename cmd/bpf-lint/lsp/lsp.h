/* SPDX-License-Identifier: GPL-2.0-only */
/* bpf-lint --lsp: a Language Server over stdio (full-text sync, diagnostics, quick fixes). */
#ifndef BPF_LINT_LSP_H
#define BPF_LINT_LSP_H

#include <stdio.h>
#include "lint/lint.h"

/* Adds the verifier model's cost to the findings of files (lint_cost__annotate). */
typedef int (*lsp_cost_fn)(struct bpf_findings *all, char *const *files, int n,
			   const struct lint_options *opt);

/*
 * Serve LSP requests from in, answering on out, until "exit" or end of
 * input. base gives the flags every file is linted with (-p, --, ...);
 * cost, when set, is run on open and save. Returns the process exit
 * status: 0 after shutdown+exit, 1 otherwise.
 */
int lsp_serve(FILE *in, FILE *out, const struct lint_options *base, lsp_cost_fn cost);

#endif
