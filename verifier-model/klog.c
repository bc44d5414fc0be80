/* SPDX-License-Identifier: GPL-2.0-only */
/* The verifier log's fixed-format lines, parsed without regex. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "verifier-model/klog.h"

static const char *line_end(const char *p)
{
	const char *e = strchr(p, '\n');

	return e ? e : p + strlen(p);
}

/* State dumps, source lines and insn records explain nothing alone. */
static bool is_context_line(const char *p)
{
	const char *q = p;

	if (!strncmp(p, "cur state:", 10) || !strncmp(p, "old state:", 10) ||
	    !strncmp(p, "; ", 2) || !strncmp(p, "from ", 5) ||
	    !strncmp(p, "mark_precise:", 13))
		return true;
	while (isdigit((unsigned char)*q))
		q++;
	return q > p && *q == ':';
}

static bool is_stats_line(const char *p)
{
	return !strncmp(p, "processed ", 10) || !strncmp(p, "stack depth ", 12) ||
	       !strncmp(p, "verification time ", 18);
}

int vm_klog__parse_stats(const char *log, struct vm_klog_stats *st)
{
	memset(st, 0, sizeof(*st));
	st->duration_us = -1;
	for (const char *p = log; *p; ) {
		const char *e = line_end(p);
		int len = (int)(e - p);

		if (!strncmp(p, "processed ", 10) &&
		    sscanf(p, "processed %ld insns (limit %*d) max_states_per_insn %ld "
			   "total_states %ld peak_states %ld mark_read %ld",
			   &st->insns, &st->max_states_per_insn, &st->total_states,
			   &st->peak_states, &st->mark_read) >= 1)
			st->have_processed = true;
		else if (!strncmp(p, "verification time ", 18))
			sscanf(p, "verification time %ld usec", &st->duration_us);
		else if (!strncmp(p, "stack depth ", 12) && len - 12 < 128)
			snprintf(st->stack_depth, sizeof(st->stack_depth), "%.*s",
				 len - 12, p + 12);
		p = *e ? e + 1 : e;
	}
	return st->have_processed ? 0 : -ENOENT;
}

void vm_klog__reason(const char *log, char *buf, size_t len)
{
	const char *best = NULL, *best_end = NULL;

	buf[0] = 0;
	for (const char *p = log; *p; ) {
		const char *e = line_end(p);
		const char *q = p;

		while (q < e && isspace((unsigned char)*q))
			q++;
		if (q < e && !is_stats_line(p) && !is_context_line(p)) {
			best = p;
			best_end = e;
		}
		if (!strncmp(p, "processed ", 10) && best)
			break;  /* the reason precedes the stats */
		p = *e ? e + 1 : e;
	}
	if (best)
		snprintf(buf, len, "%.*s", (int)(best_end - best), best);
}

/* "N: (" → N, "N: safe" → N, "from A to B: safe" / "from A to B (...): safe"
 * → B, "infinite loop detected at insn N" → N; anything else -1. */
static long counted_insn(const char *p, const char *e)
{
	char *end;
	long n, b;

	if (isdigit((unsigned char)*p)) {
		n = strtol(p, &end, 10);
		if (end[0] != ':' || end[1] != ' ')
			return -1;
		if (end[2] == '(' && isxdigit((unsigned char)end[3]))
			return n;
		if (!strncmp(end + 2, "safe", 4) && end + 6 == e)
			return n;
		return -1;
	}
	/* counted by the kernel, then refused before its record was printed */
	if (!strncmp(p, "infinite loop detected at insn ", 31))
		return strtol(p + 31, NULL, 10);
	if (strncmp(p, "from ", 5))
		return -1;
	strtol(p + 5, &end, 10);
	if (strncmp(end, " to ", 4))
		return -1;
	b = strtol(end + 4, &end, 10);
	if (e - 6 < end || strncmp(e - 6, ": safe", 6))
		return -1;
	return b;
}

long vm_klog__insn_counts(const char *log, long **counts, size_t *n)
{
	long *c = NULL, sum = 0;
	size_t cap = 0;

	for (const char *p = log; *p; ) {
		const char *e = line_end(p);
		long i = counted_insn(p, e);

		if (i >= 0 && i < (1L << 24)) {
			if ((size_t)i >= cap) {
				size_t ncap = (size_t)i * 2 + 64;
				long *nc = realloc(c, ncap * sizeof(*c));

				if (!nc) {
					free(c);
					return -ENOMEM;
				}
				memset(nc + cap, 0, (ncap - cap) * sizeof(*c));
				c = nc;
				cap = ncap;
			}
			c[i]++;
			sum++;
		}
		p = *e ? e + 1 : e;
	}
	*counts = c;
	*n = cap;
	return sum;
}
