/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * veristat's stat names, filters (-f), sort orders (-s) and column lists
 * (-e), for one run's rows and for -C's pairs (variants _a, _b, _diff,
 * _pct), and the CI gate's --fail-on conditions built on the same.
 */
#ifndef BV_STATS_H
#define BV_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include "cmd/bpf-verify/report.h"

enum stat_id {
	ST_FILE, ST_PROG, ST_VERDICT, ST_DURATION, ST_INSNS, ST_STATES,
	ST_PEAK_STATES, ST_MAX_STATES, ST_SIZE, ST_STACK, ST_PROG_TYPE,
	ST_COUNT,
};

enum stat_variant { VAR_A, VAR_B, VAR_DIFF, VAR_PCT };

struct stat_spec {
	enum stat_id id[ST_COUNT * 4];
	enum stat_variant var[ST_COUNT * 4];
	bool asc[ST_COUNT * 4], abs[ST_COUNT * 4];
	int n;
};

enum filter_op { OP_EQ, OP_NEQ, OP_LT, OP_LE, OP_GT, OP_GE };

struct stat_filter {
	bool is_stat;              /* else a name glob */
	enum stat_id id;
	enum stat_variant var;
	enum filter_op op;
	bool abs;
	double value;
	char *file_glob, *prog_glob, *any_glob;
};

struct filters {
	struct stat_filter *allow, *deny;
	int n_allow, n_deny;
};

/* A -C pair: the same program on both sides (either may be NULL). */
struct pair {
	const struct vm_row *a, *b;
};

/* "insns,states^,verdict" into spec; 0 or -EINVAL with a reason in err. */
int stats__parse_spec(const char *s, struct stat_spec *spec, char *err, size_t errlen);
/* One -f expression ("insns>1000", "!*_tc", "file.o/prog*", "@FILE"). */
int stats__add_filter(struct filters *f, const char *expr, char *err, size_t errlen);
void stats__free_filters(struct filters *f);
/* The header veristat prints for id ("Insns"). */
const char *stats__header(enum stat_id id);
/* The name of id as -e and -s take it ("insns"). */
const char *stats__name(enum stat_id id);

/* Whether a verified figure exists for row (not a load error). */
bool stats__verified(const struct vm_row *r);
/* id's figure of r (verdict: 1 accepted, 0 not); false if it has none. */
bool stats__value(const struct vm_row *r, enum stat_id id, double *v);
/* id's variant of pair p; false when a side is missing or unverified. */
bool stats__pair_value(const struct pair *p, enum stat_id id,
		       enum stat_variant var, double *v);

/* id of r as printed: a name, the verdict, a count, or "-" (none, NULL r). */
void stats__cell(char *buf, size_t len, const struct vm_row *r, enum stat_id id);

/* The name filters alone (before verifying: skip what they leave out). */
bool stats__name_passes(const struct filters *f, const char *file, const char *prog);
/* Filters over one run's row / one -C pair. */
bool stats__row_passes(const struct filters *f, const struct vm_row *r);
bool stats__pair_passes(const struct filters *f, const struct pair *p);
/* Whether one stat filter holds for p (the CI gate's conditions). */
bool stats__pair_matches(const struct stat_filter *f, const struct pair *p);

/* Sort rows / pairs by spec (veristat's default: file, then program). */
void stats__sort_rows(struct vm_row *rows, size_t n, const struct stat_spec *spec);
void stats__sort_pairs(struct pair *p, size_t n, const struct stat_spec *spec);

#endif
