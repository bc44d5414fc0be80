/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * "[3/40] path" on a terminal's stderr while many files are worked on, and
 * the per-rule counts of the summary line bpf-lint and bpf-fix end with.
 */
#ifndef BPF_LINT_PROGRESS_H
#define BPF_LINT_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

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

/* Findings (or fixes) counted per rule, in bpf_rules[] order. */
#define RULE_TALLY_MAX 64

struct rule_tally {
	unsigned n[RULE_TALLY_MAX];
	size_t total;
};

/* Count one of rule id (an id no rule has is not counted). */
void rule_tally__add(struct rule_tally *t, const char *rule);
/* " (id N, id N)" for the rules counted; nothing when none was. */
void rule_tally__print(FILE *out, const struct rule_tally *t);

#endif
