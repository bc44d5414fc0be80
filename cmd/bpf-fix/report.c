// SPDX-License-Identifier: GPL-2.0-only
/* Notes on skipped fixes (see report.h). */
#define _GNU_SOURCE /* asprintf */
#include <stdlib.h>
#include <string.h>
#include "cmd/bpf-fix/report.h"

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

bool report_seen__first(struct report_seen *seen, const char *file, unsigned line,
			unsigned col, const char *rule)
{
	char *key = NULL;

	if (!seen || asprintf(&key, "%s:%u:%u:%s", file, line, col, rule) < 0)
		return true;
	for (size_t i = 0; i < seen->n; i++)
		if (!strcmp(seen->keys[i], key)) {
			free(key);
			return false;
		}
	if (seen->n == seen->cap) {
		size_t cap = seen->cap ? seen->cap * 2 : 64;
		char **k = realloc(seen->keys, cap * sizeof(*k));

		if (!k) {
			free(key);
			return true;
		}
		seen->keys = k;
		seen->cap = cap;
	}
	seen->keys[seen->n++] = key;
	return true;
}

void report_seen__free(struct report_seen *seen)
{
	for (size_t i = 0; i < seen->n; i++)
		free(seen->keys[i]);
	free(seen->keys);
	memset(seen, 0, sizeof(*seen));
}

void report_skipped(FILE *out, const char *shown_path, const struct fix_plan *p,
		    struct report_seen *seen)
{
	for (size_t i = 0; i < p->n_cand; i++) {
		const struct fix_candidate *c = &p->cand[i];
		const struct bpf_finding *f = c->finding;

		/* edits elsewhere: the included files' stage reports them */
		if (c->status == FIX_APPLIED || c->status == FIX_SKIP_ELSEWHERE)
			continue;
		if (report_seen__first(seen, f->file ? f->file : shown_path, f->line, f->col,
				       f->rule))
			one(out, shown_path, p, c);
	}
}

size_t report_applied_count(const struct fix_plan *p)
{
	size_t n = 0;

	for (size_t i = 0; i < p->n_cand; i++)
		n += p->cand[i].status == FIX_APPLIED;
	return n;
}
