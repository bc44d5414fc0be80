/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * bpf-fix's last stage: the fixes whose edits fall in files the units
 * include (project headers, #included .bpf.c pieces), confirmed across
 * every unit of the run that includes one of those files, shown and
 * written as one set.
 */
#ifndef BPF_FIX_SHARED_H
#define BPF_FIX_SHARED_H

#include <stdbool.h>
#include <stdio.h>
#include "lint/lint.h"
#include "cmd/progress.h"
#include "cmd/bpf-fix/verify_stage.h"

/* One linted file of the run, after its own fixes. */
struct shared_unit {
	const char *path;
	const struct bpf_findings *found;  /* what lint_run gave for it */
	const char *text;                  /* its bytes with its own fixes */
	size_t len;
	bool changed;                      /* its own fixes changed it */
};

struct shared_opts {
	const struct lint_options *opt;
	enum fix_verify verify;
	bool apply;
	unsigned target_kernel;
	FILE *out;                         /* tables and notes */
	struct verify_totals *tot;
	const struct replace_opts *write;  /* test hooks for the set's write, or NULL */
	struct rule_tally *fixes;          /* the fixes applied are added here */
	size_t files_changed;              /* out: files the set changes */
};

/* Run the stage over units[0..n); 0 nothing changed, 1 changed (diff shown), 2 an error. */
int shared_stage__run(const struct shared_unit *units, size_t n, struct shared_opts *o);

#endif
