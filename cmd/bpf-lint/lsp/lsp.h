/* SPDX-License-Identifier: GPL-2.0-only */
/* bpf-lint --lsp: a Language Server over stdio (full-text sync, diagnostics, quick fixes). */
#ifndef BPF_LINT_LSP_H
#define BPF_LINT_LSP_H

#include <stdio.h>
#include "lint/lint.h"

/*
 * Serve LSP requests from in, answering on out, until "exit" or end of
 * input. base gives the flags every file is linted with (-p, --, ...).
 * On open and save the verifier model's cost is added to the findings
 * (lint_cost__annotate) unless initializationOptions.cost is false.
 * Returns the process exit status: 0 after shutdown+exit, 1 otherwise.
 */
int lsp_serve(FILE *in, FILE *out, const struct lint_options *base);

#endif
