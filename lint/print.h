/* SPDX-License-Identifier: GPL-2.0-only */
/* Printers of one finding list: text (as clang), JSON, SARIF 2.1.0. */
#ifndef BPF_LINT_PRINT_H
#define BPF_LINT_PRINT_H

#include <stdbool.h>
#include <stdio.h>
#include "lint/finding.h"

/* clang-style diagnostics with source line and caret; colour if asked. */
int print_text(FILE *out, const struct bpf_findings *list, bool color);
/* The same, quoting the lines of file name from text (standard input), if name is set. */
int print_text_source(FILE *out, const struct bpf_findings *list, bool color,
		      const char *name, const char *text, size_t len);
/* A JSON array of finding objects (jansson); 0 or a negative errno. */
int print_json(FILE *out, const struct bpf_findings *list);
/* One SARIF 2.1.0 log with one run (GitHub code scanning). */
int print_sarif(FILE *out, const struct bpf_findings *list);

#endif
