/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * -C: two runs side by side (veristat's A / B / DIFF columns), with
 * filters, order and columns, and the CI gate (--fail-on).
 */
#ifndef BV_COMPARE_H
#define BV_COMPARE_H

#include "cmd/bpf-verify/report.h"
#include "cmd/bpf-verify/stats.h"

/* --fail-on=verdict_changed,insns_pct>10,...: any one makes a regression. */
struct gate {
	bool verdict_changed;      /* a verdict differs, or a new program fails */
	struct filters conds;      /* stat conditions (allow list) */
	bool on;
};

struct compare_opts {
	const struct stat_spec *emit;   /* NULL: verdict, insns, states, peak_states */
	const struct stat_spec *sort;   /* NULL: largest insns change first */
	const struct filters *filters;  /* -f, NULL: every pair */
	const struct gate *gate;        /* NULL: no gate column */
	size_t top_n;                   /* -n, 0: all */
};

/* Parse --fail-on's list into g; 0 or -EINVAL with a reason in err. */
int compare__parse_gate(const char *s, struct gate *g, char *err, size_t errlen);
void compare__free_gate(struct gate *g);
/*
 * Match a and b by object file name (without directories) and program,
 * print the pairs; returns how many pairs the gate calls regressions
 * (among those printed and those filtered out alike), or -ENOMEM.
 */
long report__compare(FILE *f, enum vm_format fmt, const struct vm_row *a,
		     size_t na, const struct vm_row *b, size_t nb,
		     const struct compare_opts *o);

#endif
