/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The options bpf-lint and bpf-fix share, because both lint the files
 * first: -p, -j, --parse-limits, --header-filter, --config, --rules and
 * --target-kernel, parsed once here for both mains.
 */
#ifndef BPF_CMD_LINT_OPTS_H
#define BPF_CMD_LINT_OPTS_H

#include "lint/lint.h"

/*
 * Take getopt's option ch with its optarg into opt (and *jobs for -j).
 * Returns 1 if ch is one of the shared options and was taken, 0 if it is
 * not one of them, -1 after a one-line error naming tool (exit status 2).
 */
int cli_lint_option(const char *tool, int ch, const char *arg, struct lint_options *opt,
		    unsigned *jobs);

#endif
