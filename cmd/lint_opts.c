// SPDX-License-Identifier: GPL-2.0-only
#include <stdio.h>
#include "cmd/cli.h"
#include "cmd/lint_opts.h"

int cli_lint_option(const char *tool, int ch, const char *arg, struct lint_options *opt,
		    unsigned *jobs)
{
	switch (ch) {
	case 'p': opt->compile_db_dir = arg; return 1;
	case 'H': opt->header_filter = arg; return 1;
	case 'c': opt->config_path = arg; return 1;
	case 'r': opt->rule_filter = arg; return 1;
	case 'j':
		return cli_parse_jobs(tool, arg, jobs) ? -1 : 1;
	case 'P':
		if (!lint_parse_limits(arg, &opt->limits))
			return 1;
		fprintf(stderr, "%s: bad --parse-limits '%s' (want MIB,SECONDS)\n", tool, arg);
		return -1;
	case 'k':
		opt->target_kernel = lint_parse_kernel(arg);
		if (opt->target_kernel)
			return 1;
		fprintf(stderr, "%s: bad --target-kernel '%s' (want X.Y)\n", tool, arg);
		return -1;
	default:
		return 0;
	}
}
