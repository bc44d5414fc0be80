// SPDX-License-Identifier: GPL-2.0-only
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "cmd/progress.h"
#include "rules/rule.h"

void progress__init(struct progress *p, size_t n, bool quiet)
{
	p->on = !quiet && n > 1 && isatty(2);
	p->n = n;
	p->shown = false;
}

void progress__step(struct progress *p, size_t i, const char *path)
{
	if (!p->on)
		return;
	/* \r and erase-line: one line that keeps being rewritten */
	fprintf(stderr, "\r\033[K[%zu/%zu] %s", i, p->n, path);
	fflush(stderr);
	p->shown = true;
}

void progress__clear(struct progress *p)
{
	if (!p->shown)
		return;
	fputs("\r\033[K", stderr);
	fflush(stderr);
	p->shown = false;
}

void rule_tally__add(struct rule_tally *t, const char *rule)
{
	for (unsigned r = 0; r < bpf_rules_count && r < RULE_TALLY_MAX; r++)
		if (!strcmp(bpf_rules[r]->id, rule)) {
			t->n[r]++;
			t->total++;
			return;
		}
}

void rule_tally__print(FILE *out, const struct rule_tally *t)
{
	const char *sep = " (";

	for (unsigned r = 0; r < bpf_rules_count && r < RULE_TALLY_MAX; r++)
		if (t->n[r]) {
			fprintf(out, "%s%s %u", sep, bpf_rules[r]->id, t->n[r]);
			sep = ", ";
		}
	if (t->total)
		fputc(')', out);
}
