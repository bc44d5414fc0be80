/* SPDX-License-Identifier: GPL-2.0-only */
/* veristat's stat names, -f filters, -s orders and -e columns (see stats.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <fnmatch.h>
#include <libgen.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "cmd/bpf-verify/stats.h"

static const struct stat_def {
	const char *header;
	const char *names[3];      /* veristat's aliases, the first is ours */
	bool asc;                  /* default order */
} defs[ST_COUNT] = {
	[ST_FILE] = { "File", { "file", "file_name", "filename" }, true },
	[ST_PROG] = { "Program", { "prog", "prog_name", "progname" }, true },
	[ST_VERDICT] = { "Verdict", { "verdict" }, true },
	[ST_DURATION] = { "Duration (us)", { "duration", "dur" }, false },
	[ST_INSNS] = { "Insns", { "insns", "total_insns" }, false },
	[ST_STATES] = { "States", { "states", "total_states" }, false },
	[ST_PEAK_STATES] = { "Peak states", { "peak_states" }, false },
	[ST_MAX_STATES] = { "Max states per insn", { "max_states_per_insn" }, false },
	[ST_SIZE] = { "Program size", { "prog_size", "size" }, false },
	[ST_STACK] = { "Stack depth", { "stack_depth", "stack" }, false },
	[ST_PROG_TYPE] = { "Program type", { "prog_type", "type" }, true },
};

const char *stats__header(enum stat_id id) { return defs[id].header; }
const char *stats__name(enum stat_id id) { return defs[id].names[0]; }

/* name[0..len) as STAT[_a|_b|_diff|_pct], or |STAT| for the absolute value. */
static bool parse_name(const char *name, size_t len, enum stat_id *id,
		       enum stat_variant *var, bool *abs)
{
	static const char *const sfx[] = { "_a", "_b", "_diff", "_pct" };

	*abs = len > 2 && name[0] == '|' && name[len - 1] == '|';
	if (*abs) {
		name++;
		len -= 2;
	}
	for (int i = 0; i < ST_COUNT; i++)
		for (int j = 0; j < 3 && defs[i].names[j]; j++) {
			size_t n = strlen(defs[i].names[j]);

			if (strncmp(name, defs[i].names[j], n))
				continue;
			*id = i;
			*var = VAR_B;
			if (n == len)
				return true;
			for (int k = 0; k < 4; k++)
				if (len == n + strlen(sfx[k]) &&
				    !strncmp(name + n, sfx[k], len - n)) {
					*var = k;
					return true;
				}
		}
	return false;
}

int stats__parse_spec(const char *s, struct stat_spec *spec, char *err, size_t errlen)
{
	char buf[512], *tok, *save = NULL;

	snprintf(buf, sizeof(buf), "%s", s);
	spec->n = 0;
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		size_t len = strlen(tok);
		bool order = len > 1 && strchr("^vV.!_", tok[len - 1]);
		int i = spec->n;

		if (i >= ST_COUNT * 4 ||
		    !parse_name(tok, len - order, &spec->id[i], &spec->var[i], &spec->abs[i])) {
			snprintf(err, errlen, "unknown stat '%s' (try insns, states, "
				 "peak_states, verdict, duration, prog_size, stack, file, prog)",
				 tok);
			return -EINVAL;
		}
		spec->asc[i] = order ? tok[len - 1] == '^' : defs[spec->id[i]].asc;
		spec->n++;
	}
	if (!spec->n) {
		snprintf(err, errlen, "an empty list of stats");
		return -EINVAL;
	}
	return 0;
}

static const struct { enum filter_op op; const char *s; } ops[] = {
	{ OP_EQ, "==" }, { OP_NEQ, "!=" }, { OP_NEQ, "<>" }, { OP_LE, "<=" },
	{ OP_LT, "<" }, { OP_GE, ">=" }, { OP_GT, ">" }, { OP_EQ, "=" },
};

static bool word_value(const char *s, double *v)
{
	static const char *const yes[] = { "true", "t", "success", "succ", "s",
					    "match", "m" };
	static const char *const no[] = { "false", "f", "failure", "fail",
					   "mismatch", "mis" };
	char *end;

	for (size_t i = 0; i < sizeof(yes) / sizeof(*yes); i++)
		if (!strcasecmp(s, yes[i]))
			return *v = 1, true;
	for (size_t i = 0; i < sizeof(no) / sizeof(*no); i++)
		if (!strcasecmp(s, no[i]))
			return *v = 0, true;
	*v = strtod(s, &end);
	return end != s && (!*end || !strcmp(end, "%"));
}

/* STAT OP VALUE; 1 if expr is one, 0 if it has no operator, -EINVAL. */
static int parse_stat_filter(const char *expr, struct stat_filter *f,
			     char *err, size_t errlen)
{
	for (size_t i = 0; i < sizeof(ops) / sizeof(*ops); i++) {
		const char *p = strstr(expr, ops[i].s);

		if (!p)
			continue;
		if (!parse_name(expr, p - expr, &f->id, &f->var, &f->abs) ||
		    f->id == ST_FILE || f->id == ST_PROG || f->id == ST_PROG_TYPE) {
			snprintf(err, errlen, "'%s': not a numeric stat before '%s'",
				 expr, ops[i].s);
			return -EINVAL;
		}
		if (!word_value(p + strlen(ops[i].s), &f->value)) {
			snprintf(err, errlen, "'%s': not a number or a verdict after '%s'",
				 expr, ops[i].s);
			return -EINVAL;
		}
		f->is_stat = true;
		f->op = ops[i].op;
		return 1;
	}
	return 0;
}

static int parse_glob(const char *expr, struct stat_filter *f)
{
	const char *slash = strchr(expr, '/');

	if (!slash)
		return (f->any_glob = strdup(expr)) ? 0 : -ENOMEM;
	if (slash != expr && !(f->file_glob = strndup(expr, slash - expr)))
		return -ENOMEM;
	if (slash[1] && !(f->prog_glob = strdup(slash + 1)))
		return -ENOMEM;
	return 0;
}

static int add_one(struct filters *fs, const char *expr, char *err, size_t errlen)
{
	bool deny = expr[0] == '!';
	struct stat_filter **list = deny ? &fs->deny : &fs->allow;
	int *n = deny ? &fs->n_deny : &fs->n_allow;
	struct stat_filter *f = realloc(*list, (*n + 1) * sizeof(*f));
	int rc;

	if (!f)
		return -ENOMEM;
	*list = f;
	f = &f[*n];
	memset(f, 0, sizeof(*f));
	expr += deny;
	rc = parse_stat_filter(expr, f, err, errlen);
	if (rc == 0)
		rc = parse_glob(expr, f);
	if (rc < 0)
		return rc;
	(*n)++;
	return 0;
}

int stats__add_filter(struct filters *fs, const char *expr, char *err, size_t errlen)
{
	char line[1024];
	FILE *in;
	int rc = 0;

	if (expr[0] != '@')
		return add_one(fs, expr, err, errlen);
	if (!(in = fopen(expr + 1, "r"))) {
		snprintf(err, errlen, "%s: %s", expr + 1, strerror(errno));
		return -EINVAL;
	}
	while (!rc && fgets(line, sizeof(line), in)) {
		char *s = line + strspn(line, " \t");

		s[strcspn(s, "\r\n")] = 0;
		if (*s && *s != '#')
			rc = add_one(fs, s, err, errlen);
	}
	fclose(in);
	return rc;
}

void stats__free_filters(struct filters *fs)
{
	for (int k = 0; k < 2; k++) {
		struct stat_filter *l = k ? fs->deny : fs->allow;
		int n = k ? fs->n_deny : fs->n_allow;

		for (int i = 0; i < n; i++) {
			free(l[i].file_glob);
			free(l[i].prog_glob);
			free(l[i].any_glob);
		}
		free(l);
	}
	memset(fs, 0, sizeof(*fs));
}

bool stats__verified(const struct vm_row *r)
{
	return r && r->res.verdict != VM_LOAD_ERROR;
}

bool stats__value(const struct vm_row *r, enum stat_id id, double *v)
{
	const struct vm_result *s = &r->res;

	if (id == ST_VERDICT) {
		*v = s->verdict == VM_ACCEPTED;
		return true;
	}
	if (id == ST_SIZE) {
		*v = (double)s->prog_size;
		return true;
	}
	if (!stats__verified(r))
		return false;
	switch (id) {
	case ST_DURATION: *v = s->duration_us; break;
	case ST_INSNS: *v = s->insns; break;
	case ST_STATES: *v = s->total_states; break;
	case ST_PEAK_STATES: *v = s->peak_states; break;
	case ST_MAX_STATES: *v = s->max_states_per_insn; break;
	case ST_STACK: *v = atol(s->stack_depth); break;  /* the main frame's */
	default: return false;
	}
	return true;
}

bool stats__pair_value(const struct pair *p, enum stat_id id,
		       enum stat_variant var, double *v)
{
	double a, b;
	bool ha = p->a && stats__value(p->a, id, &a);
	bool hb = p->b && stats__value(p->b, id, &b);

	switch (var) {
	case VAR_A: *v = a; return ha;
	case VAR_B: *v = b; return hb;
	case VAR_DIFF: *v = b - a; return ha && hb;
	default:
		if (!ha || !hb || id == ST_VERDICT)
			return false;
		*v = a ? 100.0 * (b - a) / a : (b ? INFINITY : 0);
		return true;
	}
}

void stats__cell(char *buf, size_t len, const struct vm_row *r, enum stat_id id)
{
	double v;

	if (!r)
		snprintf(buf, len, "-");
	else if (id == ST_FILE)
		snprintf(buf, len, "%s", r->file);
	else if (id == ST_PROG)
		snprintf(buf, len, "%s", r->res.prog);
	else if (id == ST_PROG_TYPE)
		snprintf(buf, len, "%s", r->type[0] ? r->type : r->res.section);
	else if (id == ST_VERDICT)
		snprintf(buf, len, "%s", vm_verdict_name(r->res.verdict));
	else if (id == ST_STACK && stats__verified(r) && r->res.stack_depth[0])
		snprintf(buf, len, "%s", r->res.stack_depth);
	else if (id != ST_STACK && stats__value(r, id, &v) && v >= 0)
		snprintf(buf, len, "%.0f", v);
	else
		snprintf(buf, len, "-");
}

static bool compare(double x, enum filter_op op, double y)
{
	switch (op) {
	case OP_EQ: return x == y;
	case OP_NEQ: return x != y;
	case OP_LT: return x < y;
	case OP_LE: return x <= y;
	case OP_GT: return x > y;
	default: return x >= y;
	}
}

static bool glob(const char *pat, const char *s)
{
	return !fnmatch(pat, s, 0);
}

static bool name_matches(const struct stat_filter *f, const char *file, const char *prog)
{
	char buf[256];
	const char *base;

	snprintf(buf, sizeof(buf), "%s", file);
	base = basename(buf);
	if (f->any_glob)
		return glob(f->any_glob, base) || glob(f->any_glob, prog);
	return (!f->file_glob || glob(f->file_glob, base)) &&
	       (!f->prog_glob || glob(f->prog_glob, prog));
}

bool stats__pair_matches(const struct stat_filter *f, const struct pair *p)
{
	const struct vm_row *any = p->b ? p->b : p->a;
	double v;

	if (!f->is_stat)
		return name_matches(f, any->file, any->res.prog);
	if (!stats__pair_value(p, f->id, f->var, &v))
		return false;
	return compare(f->abs ? fabs(v) : v, f->op, f->value);
}

/* veristat: pass no deny filter; pass some allow filter of each kind used. */
static bool passes(const struct filters *fs, const struct pair *p)
{
	bool names = false, name_ok = false, stats = false, stat_ok = false;

	for (int i = 0; i < fs->n_deny; i++)
		if (stats__pair_matches(&fs->deny[i], p))
			return false;
	for (int i = 0; i < fs->n_allow; i++) {
		bool m = stats__pair_matches(&fs->allow[i], p);

		if (fs->allow[i].is_stat) {
			stats = true;
			stat_ok |= m;
		} else {
			names = true;
			name_ok |= m;
		}
	}
	return (!names || name_ok) && (!stats || stat_ok);
}

bool stats__name_passes(const struct filters *fs, const char *file, const char *prog)
{
	bool names = false;

	for (int i = 0; i < fs->n_deny; i++)
		if (!fs->deny[i].is_stat && name_matches(&fs->deny[i], file, prog))
			return false;
	for (int i = 0; i < fs->n_allow; i++) {
		if (fs->allow[i].is_stat)
			continue;
		if (name_matches(&fs->allow[i], file, prog))
			return true;
		names = true;
	}
	return !names;
}

bool stats__row_passes(const struct filters *f, const struct vm_row *r)
{
	struct pair p = { r, r };   /* _a and _b both read the one run */

	return passes(f, &p);
}

bool stats__pair_passes(const struct filters *f, const struct pair *p)
{
	return passes(f, p);
}

static const struct stat_spec *sort_spec;

/* One key of the order; missing figures sort last whatever the direction. */
static int cmp_key(const struct pair *x, const struct pair *y, int k)
{
	enum stat_id id = sort_spec->id[k];
	const struct vm_row *rx = x->b ? x->b : x->a, *ry = y->b ? y->b : y->a;
	double vx, vy;
	bool hx, hy;
	int c;

	if (id == ST_FILE || id == ST_PROG || id == ST_PROG_TYPE) {
		c = id == ST_FILE ? strcmp(rx->file, ry->file)
		    : id == ST_PROG ? strcmp(rx->res.prog, ry->res.prog)
		    : strcmp(rx->type, ry->type);
		return sort_spec->asc[k] ? c : -c;
	}
	hx = stats__pair_value(x, id, sort_spec->var[k], &vx);
	hy = stats__pair_value(y, id, sort_spec->var[k], &vy);
	if (hx != hy)
		return hx ? -1 : 1;
	if (!hx)
		return 0;
	if (sort_spec->abs[k]) {
		vx = fabs(vx);
		vy = fabs(vy);
	}
	if (vx == vy)
		return 0;
	return (vx < vy) == sort_spec->asc[k] ? -1 : 1;
}

static int cmp_pairs(const void *a, const void *b)
{
	const struct pair *x = a, *y = b;

	for (int k = 0; k < sort_spec->n; k++) {
		int c = cmp_key(x, y, k);

		if (c)
			return c;
	}
	return 0;
}

void stats__sort_pairs(struct pair *p, size_t n, const struct stat_spec *spec)
{
	sort_spec = spec;
	if (n > 1)
		qsort(p, n, sizeof(*p), cmp_pairs);
}

void stats__sort_rows(struct vm_row *rows, size_t n, const struct stat_spec *spec)
{
	struct pair *p = calloc(n ? n : 1, sizeof(*p));
	struct vm_row *sorted = calloc(n ? n : 1, sizeof(*sorted));

	if (!p || !sorted) {
		free(p);
		free(sorted);
		return;
	}
	for (size_t i = 0; i < n; i++)
		p[i].a = p[i].b = &rows[i];
	stats__sort_pairs(p, n, spec);
	for (size_t i = 0; i < n; i++)
		sorted[i] = *p[i].a;
	memcpy(rows, sorted, n * sizeof(*rows));
	free(p);
	free(sorted);
}
