/* SPDX-License-Identifier: GPL-2.0-only */
/* What bpf-fix tells the user about fixes it did not make. */
#ifndef BPF_REWRITE_REPORT_H
#define BPF_REWRITE_REPORT_H

#include <stdbool.h>
#include <stdio.h>
#include "rewrite/plan.h"

/*
 * The notes given so far in a run: a header's finding is found again in
 * every unit that includes it, and is noted once.
 */
struct report_seen {
	char **keys;
	size_t n, cap;
};

/*
 * One "FILE:L:C: note: [rule] fix not applied: why" line per skipped fix
 * not noted before in seen (NULL: no memory of earlier notes).
 */
void report_skipped(FILE *out, const char *shown_path, const struct fix_plan *p,
		    struct report_seen *seen);
/* Is this note new to seen? Records it; true also when out of memory. */
bool report_seen__first(struct report_seen *seen, const char *file, unsigned line,
			unsigned col, const char *rule);
void report_seen__free(struct report_seen *seen);
/* The count of candidates with FIX_APPLIED. */
size_t report_applied_count(const struct fix_plan *p);

#endif
