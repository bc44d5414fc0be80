// SPDX-License-Identifier: GPL-2.0-only
/* Notes on skipped fixes (see report.h). */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/bpf-fix/report.h"

/*
 * Skipped fixes of findings in an included file, said once per run: every
 * unit including the header finds them again (falco's modern probe: 5
 * loops of one header, included by 175 units, were 875 identical notes).
 */
static pthread_mutex_t said_lock = PTHREAD_MUTEX_INITIALIZER;
static char **said;
static size_t n_said, cap_said;

/* First time this note is to be printed in the run? */
static bool first_time(const char *file, const struct bpf_finding *f)
{
	char *key = NULL;
	bool first = true;

	if (asprintf(&key, "%s:%u:%u:%s", file, f->line, f->col, f->rule) < 0)
		return true;
	pthread_mutex_lock(&said_lock);
	for (size_t i = 0; i < n_said && first; i++)
		first = strcmp(said[i], key) != 0;
	if (first && n_said == cap_said) {
		size_t cap = cap_said ? cap_said * 2 : 64;
		char **grown = realloc(said, cap * sizeof(*said));

		if (grown) {
			said = grown;
			cap_said = cap;
		}
	}
	if (first && n_said < cap_said) {
		said[n_said++] = key;
		key = NULL;
	}
	pthread_mutex_unlock(&said_lock);
	free(key);
	return first;
}

static void kver(char *b, size_t n, unsigned k)
{
	snprintf(b, n, "%u.%u", k / 256u, k % 256u);
}

static void one(FILE *out, const char *shown, const struct fix_plan *p,
		const struct fix_candidate *c)
{
	const struct bpf_finding *f = c->finding;
	char need[16], target[16];

	/* The finding's own file: a header's finding is not at the main file's line. */
	fprintf(out, "%s:%u:%u: note: [%s] fix not applied: ", f->file ? f->file : shown,
		f->line, f->col, f->rule);
	switch (c->status) {
	case FIX_SKIP_BAD_EDIT:
		fprintf(out, "its edits overlap each other or fall outside %s\n", shown);
		break;
	case FIX_SKIP_UNFIXABLE:
		fprintf(out, "%s\n", f->fix.unfixable);
		break;
	case FIX_SKIP_KERNEL:
		kver(need, sizeof(need), c->min_kernel);
		kver(target, sizeof(target), p->target_kernel);
		fprintf(out, "needs kernel %s, target is %s (--target-kernel)\n", need, target);
		break;
	case FIX_SKIP_CONFLICT:
		fprintf(out, "overlaps the fix of [%s] at %u:%u, which comes first\n",
			c->winner->rule, c->winner->line, c->winner->col);
		break;
	default:
		fprintf(out, "%s\n", fix_status_str(c->status));
		break;
	}
}

void report_skipped(FILE *out, const char *shown_path, const struct fix_plan *p)
{
	for (size_t i = 0; i < p->n_cand; i++) {
		const struct bpf_finding *f = p->cand[i].finding;

		/* edits elsewhere: the included files' stage reports them */
		if (p->cand[i].status == FIX_APPLIED || p->cand[i].status == FIX_SKIP_ELSEWHERE)
			continue;
		if (f->file && p->path && strcmp(f->file, p->path) && !first_time(f->file, f))
			continue;
		one(out, shown_path, p, &p->cand[i]);
	}
}

size_t report_applied_count(const struct fix_plan *p)
{
	size_t n = 0;

	for (size_t i = 0; i < p->n_cand; i++)
		n += p->cand[i].status == FIX_APPLIED;
	return n;
}
