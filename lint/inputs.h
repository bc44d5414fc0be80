/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * From the command line's operands to the files bpf-lint and bpf-fix work
 * on: files as given, directories walked, or a compilation database's list.
 */
#ifndef BPF_LINT_INPUTS_H
#define BPF_LINT_INPUTS_H

#include <stddef.h>
#include "lint/lint.h"

struct lint_inputs {
	char **paths;            /* in the order to work on and report */
	size_t n, cap;
};

/*
 * Collect the files for operands args[0..n): a file as given; a directory's
 * *.bpf.c files, recursively and sorted, leaving out hidden directories,
 * what git ignores there and the config's exclude: patterns; with no
 * operands and opt->compile_db_dir, every BPF file compile_commands.json
 * lists (less the excludes). Duplicates are dropped. Each problem is one
 * line on stderr, prefixed with prog; returns 0, or 2 after any problem.
 */
int lint_inputs__collect(struct lint_inputs *in, char *const *args, int n,
			 const struct lint_options *opt, const char *prog);
void lint_inputs__free(struct lint_inputs *in);

#endif
