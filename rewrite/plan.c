// SPDX-License-Identifier: GPL-2.0-only
/* The per-file fix plan: candidates, selection, rendering (see plan.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "rewrite/plan.h"
#include "rewrite/preamble.h"
#include "rewrite/text.h"

/*
 * The release the definitions a fix relies on need (lint/finding.h's
 * table). Rules set fix.min_kernel themselves (e.g. KVER_GLOBAL_FUNCS for
 * static -> global); the needs bits give a floor in case a rule forgot.
 */
unsigned fix_needs_min_kernel(unsigned needs)
{
	unsigned k = 0;

	if (needs & (BPF_NEED_BPF_FOR | BPF_NEED_BPF_REPEAT))
		k = KVER_ITER_NUM;
	if (needs & BPF_NEED_ARG_TAGS)
		k = KVER_ARG_TAGS;
	if (needs & BPF_NEED_CAN_LOOP)
		k = KVER_MAY_GOTO;
	return k;
}

const char *fix_status_str(enum fix_status st)
{
	switch (st) {
	case FIX_APPLIED: return "applied";
	case FIX_SKIP_UNFIXABLE: return "not automatically fixable";
	case FIX_SKIP_KERNEL: return "needs a newer kernel than the target";
	case FIX_SKIP_CONFLICT: return "overlaps an earlier fix";
	case FIX_SKIP_BAD_EDIT: return "edit outside this file";
	case FIX_SKIP_NOT_ALLOWED: return "not selected";
	case FIX_SKIP_ELSEWHERE: return "edits another file";
	}
	return "?";
}

static int cmp_str(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "");
}

static int cmp_cand(const void *pa, const void *pb)
{
	const struct bpf_finding *a = ((const struct fix_candidate *)pa)->finding;
	const struct bpf_finding *b = ((const struct fix_candidate *)pb)->finding;
	int c = cmp_str(a->file, b->file);

	if (c)
		return c;
	if (a->offset != b->offset)
		return a->offset < b->offset ? -1 : 1;
	c = cmp_str(a->rule, b->rule);
	if (c)
		return c;
	return a < b ? -1 : a > b; /* findings are one array: keep its order */
}

/* Same file: same name, or the same inode under another name. */
static bool same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	if (!a || !b)
		return false;
	if (strcmp(a, b) == 0)
		return true;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 &&
	       sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* Is e an edit of this plan's file? (A part plan leaves the others' to them.) */
static bool edit_here(const struct fix_plan *p, const struct bpf_edit *e)
{
	return same_file(e->file, p->path);
}

static enum fix_status check_fix(const struct fix_plan *p, const struct bpf_fix *fix)
{
	size_t here = 0;

	if (fix->unfixable)
		return FIX_SKIP_UNFIXABLE;
	for (size_t i = 0; i < fix->n_edits; i++) {
		const struct bpf_edit *e = &fix->edits[i];

		if (!edit_here(p, e)) {
			if (!p->part)
				return FIX_SKIP_ELSEWHERE;
			continue;
		}
		here++;
		if (!e->text || e->offset > p->orig_len || e->length > p->orig_len - e->offset)
			return FIX_SKIP_BAD_EDIT;
		for (size_t j = 0; j < i; j++) {
			const struct bpf_edit *o = &fix->edits[j];

			if (edit_here(p, o) && text_edits_collide(e->offset, e->length, e->text,
								  o->offset, o->length, o->text))
				return FIX_SKIP_BAD_EDIT;
		}
	}
	return here ? FIX_APPLIED : FIX_SKIP_ELSEWHERE;
}

static int plan_init(struct fix_plan *p, const char *path, const char *orig,
		     size_t orig_len, const struct bpf_findings *findings,
		     unsigned target_kernel, bool part)
{
	memset(p, 0, sizeof(*p));
	p->part = part;
	p->path = strdup(path);
	p->orig = malloc(orig_len + 1);
	p->cand = calloc(findings->n + 1, sizeof(*p->cand));
	if (!p->path || !p->orig || !p->cand) {
		fix_plan__free(p);
		return -ENOMEM;
	}
	memcpy(p->orig, orig, orig_len);
	p->orig[orig_len] = '\0';
	p->orig_len = orig_len;
	p->declared = findings->declared;
	p->target_kernel = target_kernel;
	for (size_t i = 0; i < findings->n; i++) {
		const struct bpf_finding *f = &findings->v[i];

		if (f->fix.n_edits || f->fix.unfixable)
			p->cand[p->n_cand++].finding = f;
	}
	qsort(p->cand, p->n_cand, sizeof(*p->cand), cmp_cand);
	for (size_t i = 0; i < p->n_cand; i++) {
		struct fix_candidate *c = &p->cand[i];
		const struct bpf_fix *fix = &c->finding->fix;
		unsigned need_k = fix_needs_min_kernel(fix->needs);

		c->min_kernel = fix->min_kernel > need_k ? fix->min_kernel : need_k;
		c->check = check_fix(p, fix);
		if (c->check == FIX_APPLIED && target_kernel && c->min_kernel > target_kernel)
			c->check = FIX_SKIP_KERNEL;
	}
	return fix_plan__select(p, NULL);
}

int fix_plan__init(struct fix_plan *p, const char *path, const char *orig,
		   size_t orig_len, const struct bpf_findings *findings,
		   unsigned target_kernel)
{
	return plan_init(p, path, orig, orig_len, findings, target_kernel, false);
}

int fix_plan__init_part(struct fix_plan *p, const char *path, const char *orig,
			size_t orig_len, const struct bpf_findings *findings,
			unsigned target_kernel)
{
	return plan_init(p, path, orig, orig_len, findings, target_kernel, true);
}

/* The chosen candidate one of whose edits e collides with, or NULL. */
static const struct fix_candidate *collides(const struct fix_plan *p, size_t upto,
					    const struct bpf_edit *e)
{
	for (size_t i = 0; i < upto; i++) {
		const struct bpf_fix *fix = &p->cand[i].finding->fix;

		if (p->cand[i].status != FIX_APPLIED)
			continue;
		for (size_t j = 0; j < fix->n_edits; j++) {
			const struct bpf_edit *o = &fix->edits[j];

			if (edit_here(p, o) && text_edits_collide(e->offset, e->length, e->text,
								  o->offset, o->length, o->text))
				return &p->cand[i];
		}
	}
	return NULL;
}

int fix_plan__select(struct fix_plan *p, const bool *allowed)
{
	for (size_t i = 0; i < p->n_cand; i++) {
		struct fix_candidate *c = &p->cand[i];
		const struct bpf_fix *fix = &c->finding->fix;

		c->winner = NULL;
		c->status = c->check;
		if (c->check != FIX_APPLIED)
			continue;
		if (allowed && !allowed[i]) {
			c->status = FIX_SKIP_NOT_ALLOWED;
			continue;
		}
		for (size_t j = 0; j < fix->n_edits && !c->winner; j++) {
			const struct fix_candidate *w = edit_here(p, &fix->edits[j]) ?
				collides(p, i, &fix->edits[j]) : NULL;

			if (w)
				c->winner = w->finding;
		}
		if (c->winner)
			c->status = FIX_SKIP_CONFLICT;
	}
	return fix_plan__render(p);
}

static void free_edits(struct fix_plan *p)
{
	for (size_t i = 0; i < p->n_edits; i++)
		free(p->edits[i].text);
	free(p->edits);
	p->edits = NULL;
	p->n_edits = 0;
}

/* Offset order; at one offset insertions first, the definitions first of all. */
static int cmp_rendered(const void *pa, const void *pb)
{
	const struct fix_rendered_edit *a = pa, *b = pb;

	if (a->offset != b->offset)
		return a->offset < b->offset ? -1 : 1;
	if (a->length != b->length)
		return a->length < b->length ? -1 : 1;
	return a->cand < b->cand ? -1 : a->cand > b->cand;
}

static bool already_listed(const struct fix_plan *p, const struct bpf_edit *e)
{
	for (size_t i = 0; i < p->n_edits; i++) {
		const struct fix_rendered_edit *r = &p->edits[i];

		if (r->offset == e->offset && r->length == e->length && r->cand >= 0) {
			const struct bpf_fix *fix = &p->cand[r->cand].finding->fix;

			for (size_t j = 0; j < fix->n_edits; j++)
				if (fix->edits[j].offset == e->offset &&
				    fix->edits[j].length == e->length &&
				    strcmp(fix->edits[j].text, e->text) == 0)
					return true;
		}
	}
	return false;
}

/* "\nTEXT" -> "TEXT\n" (or with "\r\n"). */
static void rotate_leading_eol(char *t)
{
	size_t el = t[0] == '\r' ? 2 : 1, n = strlen(t);
	char eol[2];

	memcpy(eol, t, el);
	memmove(t, t + el, n - el);
	memcpy(t + n - el, eol, el);
}

/* Collect the chosen edits, formatted, plus the definitions they need. */
static int collect_edits(struct fix_plan *p)
{
	unsigned needs = 0;
	char *pre;
	int err;

	for (size_t i = 0; i < p->n_cand; i++) {
		const struct bpf_fix *fix = &p->cand[i].finding->fix;

		if (p->cand[i].status != FIX_APPLIED)
			continue;
		needs |= fix->needs;
		for (size_t j = 0; j < fix->n_edits; j++) {
			const struct bpf_edit *e = &fix->edits[j];
			struct fix_rendered_edit *r = &p->edits[p->n_edits];

			if (!edit_here(p, e) || already_listed(p, e))
				continue;
			r->text = text_format_replacement(p->orig, p->orig_len, e->offset,
							  e->length, e->text);
			if (!r->text)
				return -ENOMEM;
			r->offset = e->offset;
			r->length = e->length;
			r->cand = (long)i;
			p->n_edits++;
		}
	}
	err = preamble_build(needs, p->declared, p->orig, p->orig_len, &pre, &p->added_needs);
	if (err || !pre)
		return err;
	struct fix_rendered_edit *r = &p->edits[p->n_edits++];
	size_t at = preamble_offset(p->orig, p->orig_len);

	/* Never inside a replaced range: fall back to the top of the file. */
	for (size_t i = 0; i + 1 < p->n_edits && at; i++)
		if (text_edits_collide((unsigned)at, 0, pre, p->edits[i].offset,
				       p->edits[i].length, p->edits[i].text))
			at = 0;
	if (at == 0)	/* at the top: the blank line goes after the block */
		rotate_leading_eol(pre);
	r->offset = (unsigned)at;
	r->length = 0;
	r->text = pre;
	r->cand = -1;
	return 0;
}

int fix_plan__render(struct fix_plan *p)
{
	size_t cap = 1, len = 0, pos = 0;
	int err;

	free_edits(p);
	free(p->out);
	p->out = NULL;
	p->added_needs = 0;
	for (size_t i = 0; i < p->n_cand; i++)
		if (p->cand[i].status == FIX_APPLIED)
			cap += p->cand[i].finding->fix.n_edits;
	p->edits = calloc(cap, sizeof(*p->edits));
	if (!p->edits)
		return -ENOMEM;
	err = collect_edits(p);
	if (err)
		return err;
	qsort(p->edits, p->n_edits, sizeof(*p->edits), cmp_rendered);
	len = p->orig_len;
	for (size_t i = 0; i < p->n_edits; i++)
		len += strlen(p->edits[i].text);
	p->out = malloc(len + 1);
	if (!p->out)
		return -ENOMEM;
	len = 0;
	for (size_t i = 0; i < p->n_edits; i++) {
		const struct fix_rendered_edit *r = &p->edits[i];
		size_t tl = strlen(r->text);

		memcpy(p->out + len, p->orig + pos, r->offset - pos);
		len += r->offset - pos;
		memcpy(p->out + len, r->text, tl);
		len += tl;
		pos = r->offset + r->length;
	}
	memcpy(p->out + len, p->orig + pos, p->orig_len - pos);
	len += p->orig_len - pos;
	p->out[len] = '\0';
	p->out_len = len;
	return 0;
}

char *fix_plan__bytes_for(struct fix_plan *p, const bool *allowed, size_t *len)
{
	char *copy;

	if (fix_plan__select(p, allowed))
		return NULL;
	copy = malloc(p->out_len + 1);
	if (!copy)
		return NULL;
	memcpy(copy, p->out, p->out_len + 1);
	*len = p->out_len;
	return copy;
}

char *fix_plan__render_cb(void *plan, const bool *allowed, size_t *len)
{
	return fix_plan__bytes_for(plan, allowed, len);
}

bool fix_plan__changed(const struct fix_plan *p)
{
	return p->out && (p->out_len != p->orig_len ||
			  memcmp(p->out, p->orig, p->orig_len) != 0);
}

void fix_plan__free(struct fix_plan *p)
{
	free_edits(p);
	free(p->out);
	free(p->orig);
	free(p->path);
	free(p->cand);
	memset(p, 0, sizeof(*p));
}
