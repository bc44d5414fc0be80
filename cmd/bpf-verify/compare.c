/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * -C: two runs side by side, programs matched by object file name and
 * program name, A / B / DIFF as veristat -C prints them (the largest
 * instruction-count change first unless -s says otherwise). A side that
 * failed to load shows its verdict and "-" figures, never 0 and MATCH.
 * Runs come from objects or from bpf-verify --format=csv files.
 */
#include <errno.h>
#include <jansson.h>
#include <libgen.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/bpf-verify/compare.h"
#include "cmd/bpf-verify/report_table.h"

static const struct stat_spec default_emit = {
	.id = { ST_FILE, ST_PROG, ST_VERDICT, ST_INSNS, ST_STATES, ST_PEAK_STATES },
	.n = 6,
};
static const struct stat_spec default_sort = {
	.id = { ST_INSNS, ST_PROG }, .var = { VAR_DIFF, VAR_B },
	.abs = { true, false }, .asc = { false, true }, .n = 2,
};

int compare__parse_gate(const char *s, struct gate *g, char *err, size_t errlen)
{
	char buf[512], *tok, *save = NULL;
	int rc = 0;

	memset(g, 0, sizeof(*g));
	g->on = true;
	snprintf(buf, sizeof(buf), "%s", s);
	for (tok = strtok_r(buf, ",", &save); tok && !rc; tok = strtok_r(NULL, ",", &save)) {
		if (!strcmp(tok, "verdict_changed"))
			g->verdict_changed = true;
		else if (!strpbrk(tok, "<>=!"))
			rc = (snprintf(err, errlen, "--fail-on: '%s' is neither verdict_changed "
				       "nor STAT OP VALUE (insns_pct>10)", tok), -EINVAL);
		else
			rc = stats__add_filter(&g->conds, tok, err, errlen);
	}
	return rc;
}

void compare__free_gate(struct gate *g)
{
	stats__free_filters(&g->conds);
}

static bool verdict_changed(const struct pair *p)
{
	if (!p->b)
		return false;    /* a program gone is no regression of the new build */
	if (!p->a)
		return p->b->res.verdict != VM_ACCEPTED;
	return p->a->res.verdict != p->b->res.verdict;
}

static bool regressed(const struct gate *g, const struct pair *p)
{
	if (!g || !g->on)
		return false;
	if (g->verdict_changed && verdict_changed(p))
		return true;
	for (int i = 0; i < g->conds.n_allow; i++)
		if (stats__pair_matches(&g->conds.allow[i], p))
			return true;
	return false;
}

static bool same_prog(const struct vm_row *x, const struct vm_row *y)
{
	char fx[256], fy[256];

	if (strcmp(x->res.prog, y->res.prog))
		return false;
	snprintf(fx, sizeof(fx), "%s", x->file);
	snprintf(fy, sizeof(fy), "%s", y->file);
	return !strcmp(basename(fx), basename(fy));
}

static struct pair *match(const struct vm_row *a, size_t na,
			  const struct vm_row *b, size_t nb, size_t *np)
{
	struct pair *p = calloc(na + nb + 1, sizeof(*p));
	bool *used = calloc(nb + 1, sizeof(*used));
	size_t n = 0;

	if (!p || !used) {
		free(p);
		free(used);
		return NULL;
	}
	for (size_t i = 0; i < na; i++) {
		p[n].a = &a[i];
		for (size_t j = 0; j < nb; j++)
			if (!used[j] && same_prog(&a[i], &b[j])) {
				used[j] = true;
				p[n].b = &b[j];
				break;
			}
		n++;
	}
	for (size_t j = 0; j < nb; j++)
		if (!used[j])
			p[n++].b = &b[j];
	free(used);
	*np = n;
	return p;
}

static void diff_cell(char *buf, const struct pair *p, enum stat_id id, bool with_pct)
{
	double d, pct;

	if (id == ST_VERDICT) {
		/* two load errors match nothing: neither side was verified */
		snprintf(buf, TABLE_CELL, "%s", !p->a || !p->b ||
			 (!stats__verified(p->a) && !stats__verified(p->b)) ? "-" :
			 p->a->res.verdict == p->b->res.verdict ? "MATCH" : "MISMATCH");
	} else if (!stats__pair_value(p, id, VAR_DIFF, &d)) {
		snprintf(buf, TABLE_CELL, "-");
	} else if (with_pct && stats__pair_value(p, id, VAR_PCT, &pct) && isfinite(pct) &&
		   (d || pct)) {
		snprintf(buf, TABLE_CELL, "%+.0f (%+.2f%%)", d, pct);
	} else if (with_pct && !d) {
		snprintf(buf, TABLE_CELL, "+0 (+0.00%%)");
	} else {
		snprintf(buf, TABLE_CELL, "%+.0f", d);
	}
}

static void pct_cell(char *buf, const struct pair *p, enum stat_id id)
{
	double pct;

	if (stats__pair_value(p, id, VAR_PCT, &pct) && isfinite(pct))
		snprintf(buf, TABLE_CELL, "%+.2f", pct);
	else
		snprintf(buf, TABLE_CELL, "-");
}

static bool is_key(enum stat_id id)
{
	return id == ST_FILE || id == ST_PROG;
}

/* Columns of one stat: 1 for a key; A, B, DIFF (and _pct in CSV/JSON) else. */
static size_t stat_cols(enum stat_id id, bool machine)
{
	return is_key(id) ? 1 : id == ST_VERDICT || !machine ? 3 : 4;
}

static void header(struct table *t, const struct stat_spec *e, bool machine,
		   bool gate)
{
	static const char *const sfx[] = { "_a", "_b", "_diff", "_pct" };
	static const char *const hsfx[] = { " (A)", " (B)", " (DIFF)" };
	char *cell;
	size_t c = 0;

	for (int i = 0; i < e->n; i++)
		for (size_t k = 0; k < stat_cols(e->id[i], machine); k++) {
			cell = table_cell(t, 0, c++);
			if (is_key(e->id[i]))
				snprintf(cell, TABLE_CELL, "%s", machine ?
					 (e->id[i] == ST_FILE ? "file" : "program")
					 : stats__header(e->id[i]));
			else if (machine)
				snprintf(cell, TABLE_CELL, "%s%s", stats__name(e->id[i]), sfx[k]);
			else
				snprintf(cell, TABLE_CELL, "%s%s", stats__header(e->id[i]), hsfx[k]);
		}
	if (gate)
		table_set(t, 0, c, machine ? "regression" : "Gate");
}

static void pair_cells(struct table *t, size_t r, const struct pair *p,
		       const struct stat_spec *e, bool machine, const struct gate *g)
{
	const struct vm_row *any = p->a ? p->a : p->b;
	size_t c = 0;

	for (int i = 0; i < e->n; i++) {
		enum stat_id id = e->id[i];

		if (is_key(id)) {
			table_set(t, r, c++, id == ST_FILE ? any->file : any->res.prog);
			continue;
		}
		stats__cell(table_cell(t, r, c++), TABLE_CELL, p->a, id);
		stats__cell(table_cell(t, r, c++), TABLE_CELL, p->b, id);
		diff_cell(table_cell(t, r, c++), p, id, true);
		if (machine && id != ST_VERDICT)
			pct_cell(table_cell(t, r, c++), p, id);
	}
	if (g)
		table_set(t, r, c, regressed(g, p) ? (machine ? "yes" : "REGRESSION")
						   : (machine ? "no" : "ok"));
}

static void print_json(FILE *f, struct table *t, size_t cols)
{
	json_t *arr = json_array();

	for (size_t r = 1; arr && r < table_rows(t); r++) {
		json_t *o = json_object();

		for (size_t c = 0; o && c < cols; c++)
			json_object_set_new(o, table_cell(t, 0, c),
					    json_string(table_cell(t, r, c)));
		json_array_append_new(arr, o);
	}
	json_dumpf(arr, f, JSON_INDENT(2));
	fputc('\n', f);
	json_decref(arr);
}

static size_t total_cols(const struct stat_spec *e, bool machine, bool gate)
{
	size_t n = gate;

	for (int i = 0; i < e->n; i++)
		n += stat_cols(e->id[i], machine);
	return n;
}

static void print_pairs(FILE *f, enum vm_format fmt, const struct pair *p,
			size_t np, const struct compare_opts *o)
{
	const struct stat_spec *e = o->emit ? o->emit : &default_emit;
	const struct gate *g = o->gate && o->gate->on ? o->gate : NULL;
	bool machine = fmt == VM_FMT_CSV || fmt == VM_FMT_JSON;
	size_t cols = total_cols(e, machine, g), keys = 0;
	struct table *t = table_new(np + 1, cols);

	if (!t)
		return;
	header(t, e, machine, g);
	for (size_t i = 0; i < np; i++)
		pair_cells(t, i + 1, &p[i], e, machine, g);
	while (keys < (size_t)e->n && is_key(e->id[keys]))
		keys++;
	if (fmt == VM_FMT_TABLE)
		table_print(f, t, keys);
	else if (fmt == VM_FMT_MARKDOWN)
		table_print_markdown(f, t, keys);
	else if (fmt == VM_FMT_CSV)
		table_print_csv(f, t);
	else
		print_json(f, t, cols);
	table_free(t);
}

long report__compare(FILE *f, enum vm_format fmt, const struct vm_row *a,
		     size_t na, const struct vm_row *b, size_t nb,
		     const struct compare_opts *o)
{
	size_t np, shown = 0;
	struct pair *p = match(a, na, b, nb, &np);
	long regressions = 0;

	if (!p)
		return -ENOMEM;
	for (size_t i = 0; i < np; i++) {
		regressions += regressed(o->gate, &p[i]);
		if (!o->filters || stats__pair_passes(o->filters, &p[i]))
			p[shown++] = p[i];
	}
	stats__sort_pairs(p, shown, o->sort ? o->sort : &default_sort);
	if (o->top_n && shown > o->top_n)
		shown = o->top_n;
	print_pairs(f, fmt, p, shown, o);
	free(p);
	return regressions;
}
