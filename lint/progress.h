/* SPDX-License-Identifier: GPL-2.0-only */
/* "[3/40] path" on a terminal's stderr while many files are worked on. */
#ifndef BPF_LINT_PROGRESS_H
#define BPF_LINT_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>

struct progress {
	bool on;
	size_t n;                /* files in all */
	bool shown;              /* a line is on the screen */
};

/* Show progress for n files only if stderr is a terminal and n > 1. */
void progress__init(struct progress *p, size_t n, bool quiet);
/* Replace the line with "[i/n] path" (i counted from 1). */
void progress__step(struct progress *p, size_t i, const char *path);
/* Erase the line, so that other output starts on a clean line. */
void progress__clear(struct progress *p);

#endif
