/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the three commands share on their command line: getopt's errors
 * as one line that points to --help, instead of the full usage.
 */
#ifndef BPF_CLI_H
#define BPF_CLI_H

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Report getopt_long's '?' or ':' (opterr = 0, optstring starting with
 * ':') for tool in one line. Returns 2, the usage-error exit status.
 */
static inline int cli_bad_option(const char *tool, char **argv, int ch)
{
	const char *arg = argv[optind - 1];
	char shortopt[3] = { '-', (char)optopt, '\0' };

	/* a short option may sit inside a cluster (-xq): name the letter */
	if (optopt && strncmp(arg, "--", 2))
		arg = shortopt;
	fprintf(stderr, "%s: %s '%s'; try '%s --help'\n", tool,
		ch == ':' ? "missing argument for" : "unknown option", arg, tool);
	return 2;
}

/* No input named: one line, exit status 2. */
static inline int cli_no_input(const char *tool, const char *what)
{
	fprintf(stderr, "%s: no %s given; try '%s --help'\n", tool, what, tool);
	return 2;
}

/* Options that do not go together: one line (why), exit status 2. */
static inline int cli_usage_error(const char *tool, const char *why)
{
	fprintf(stderr, "%s: %s; try '%s --help'\n", tool, why, tool);
	return 2;
}

/* -j N: 1..1024 into *jobs; else one line and nonzero. */
static inline int cli_parse_jobs(const char *tool, const char *arg, unsigned *jobs)
{
	char *end;
	long n = strtol(arg, &end, 10);

	if (end == arg || *end || n < 1 || n > 1024) {
		fprintf(stderr, "%s: bad -j '%s' (want a number of jobs, 1 to 1024)\n", tool, arg);
		return -1;
	}
	*jobs = (unsigned)n;
	return 0;
}

/*
 * The index of the first "--" in argv (argc if none); *args and *n get
 * the words after it (the clang flags of bpf-lint and bpf-fix).
 */
static inline int cli_split_dash(int argc, char **argv, const char *const **args, int *n)
{
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--")) {
			*args = (const char *const *)argv + i + 1;
			*n = argc - i - 1;
			return i;
		}
	return argc;
}

#endif
