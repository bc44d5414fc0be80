/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * bpf-lint --cost: what each finding costs the verifier on this very
 * program. Compiles every linted file, runs the verifier model with
 * per-instruction counts and folds them onto each finding's lines.
 */
#ifndef CONFIRM_LINT_COST_H
#define CONFIRM_LINT_COST_H

#include "lint/lint.h"

/* The rule id of the findings --cost adds for rejected programs. */
#define LINT_COST_REJECTED_RULE "verifier-rejected"

/*
 * For each of the n files: set cost and add a note to its findings in
 * all, and add an error finding for every program the model rejects,
 * naming its hottest lines. Each finding's fix is measured alone (the
 * file compiled with it, the program verified again): a note with both
 * figures, and a warning whose fix is no gain or a loss becomes a note.
 * A file that does not compile for BPF gets a one-line message on stderr
 * and no cost. Returns 0 or -ENOMEM.
 */
int lint_cost__annotate(struct bpf_findings *all, char *const *files, int n,
			const struct lint_options *opt);
/* Order findings by cost, dearest first (ties: file and offset). */
void lint_cost__sort(struct bpf_findings *all);

#endif
