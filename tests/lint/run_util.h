/* SPDX-License-Identifier: GPL-2.0-only */
/* Helpers for the lint test programs: files, words, child processes. */
#ifndef BPF_TESTS_LINT_RUN_UTIL_H
#define BPF_TESTS_LINT_RUN_UTIL_H

#include <stdbool.h>
#include <stddef.h>

/* Whole file, NUL-terminated (malloc'd); *len if non-NULL; NULL on error. */
char *read_file(const char *path, size_t *len);
/* Split s into at most max shell-like words ("..." groups); returns count. */
int split_words(const char *s, char **out, int max);
/* Run argv, capturing stdout/stderr (malloc'd); returns exit status or -1. */
int run_capture(const char *const *argv, char **out, char **err);
/* Sorted root/testdata/DIR/NAME.bpf.c without NAME.fixed.bpf.c; only: one dir. */
char **testdata_cases(const char *root, bool (*skip)(const char *dir),
		      const char *only, size_t *n);

#endif
