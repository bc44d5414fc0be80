// SPDX-License-Identifier: GPL-2.0-only
/* Reading the statistics and rejection reason out of a level-4 verifier log. */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "verifier-model/vm61/logparse.h"

/* Copy the line [s, e) into dst without trailing blanks. */
static void copy_line(char *dst, size_t cap, const char *s, const char *e)
{
	size_t n = (size_t)(e - s);

	while (n && (s[n - 1] == ' ' || s[n - 1] == '\r' || s[n - 1] == '\t'))
		n--;
	if (n >= cap)
		n = cap - 1;
	memcpy(dst, s, n);
	dst[n] = '\0';
}

static bool starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/* One line of the log; returns true when it was a statistics line. */
static bool parse_stats_line(const char *s, const char *e,
			     struct vm61_log_stats *st)
{
	char line[512];

	copy_line(line, sizeof(line), s, e);
	if (starts(line, "processed ")) {
		sscanf(line, "processed %ld insns (limit %*d) max_states_per_insn %ld total_states %ld peak_states %ld",
		       &st->insns, &st->max_states_per_insn,
		       &st->total_states, &st->peak_states);
		return true;
	}
	if (starts(line, "verification time ")) {
		sscanf(line, "verification time %ld usec", &st->duration_us);
		return true;
	}
	if (starts(line, "stack depth")) {
		const char *v = line + strlen("stack depth");

		while (*v == ' ')
			v++;
		copy_line(st->stack_depth, sizeof(st->stack_depth), v,
			  v + strlen(v));
		return true;
	}
	return false;
}

void vm61_log__parse(const char *log, struct vm61_log_stats *st)
{
	const char *s = log;

	memset(st, 0, sizeof(*st));
	st->insns = st->total_states = st->peak_states = -1;
	st->max_states_per_insn = st->duration_us = -1;
	st->seen_log = log && *log;
	while (s && *s) {
		const char *e = strchr(s, '\n');

		if (!e)
			e = s + strlen(s);
		/* the reason is the last non-blank line that is not a stat */
		if (!parse_stats_line(s, e, st) && e > s &&
		    strspn(s, " \t\r") < (size_t)(e - s))
			copy_line(st->reason, sizeof(st->reason), s, e);
		s = *e ? e + 1 : e;
	}
}
