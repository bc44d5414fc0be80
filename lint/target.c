// SPDX-License-Identifier: GPL-2.0-only
/*
 * Fixes too new for the target kernel. Rules build the fix they would
 * offer on a current kernel and set fix.min_kernel; here, with the rule's
 * own table of which fix needs which release (bpf_rule.fix_kernels),
 * such a fix loses its edits and the finding says what it needed and what
 * the target can do instead. One place, so every output format (text,
 * JSON, SARIF, LSP: all print the message) says the same.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lint/internal.h"
#include "rules/rule.h"

/* The rule's entry for kernel kver; NULL if the rule's table lacks it. */
static const struct rule_fix_kernel *entry_for(const struct bpf_rule *r, unsigned kver)
{
	for (const struct rule_fix_kernel *e = r->fix_kernels; e && e->kernel; e++)
		if (e->kernel == kver)
			return e;
	return NULL;
}

static void drop_edits(struct bpf_fix *fix)
{
	for (size_t i = 0; i < fix->n_edits; i++) {
		free(fix->edits[i].file);
		free(fix->edits[i].text);
	}
	free(fix->edits);
	fix->edits = NULL;
	fix->n_edits = 0;
	fix->needs = 0;
}

/* "bpf_for needs Linux 6.4; the target is 6.1" into the fix and the message. */
static void downgrade(const struct bpf_rule *r, struct bpf_finding *f, unsigned target)
{
	const struct rule_fix_kernel *e = entry_for(r, f->fix.min_kernel);
	char need[160];
	char *msg;

	snprintf(need, sizeof(need), "%s needs Linux %u.%u and the target is %u.%u",
		 e ? e->what : "its fix", f->fix.min_kernel / 256, f->fix.min_kernel % 256,
		 target / 256, target % 256);
	drop_edits(&f->fix);
	fix_set_unfixable(&f->fix, "%s", need);
	msg = lint__strdupf("%s (%s; instead, %s)", f->message, need,
			    e && e->instead ? e->instead : "change it by hand");
	if (msg) {
		free(f->message);
		f->message = msg;
	}
}

void target__downgrade(const struct bpf_rule *r, struct bpf_findings *out, size_t from,
		       unsigned target)
{
	if (!target)
		return;
	for (size_t i = from; i < out->n; i++) {
		struct bpf_finding *f = &out->v[i];

		if (f->rule == r->id && f->fix.min_kernel > target && !f->fix.unfixable)
			downgrade(r, f, target);
	}
}
