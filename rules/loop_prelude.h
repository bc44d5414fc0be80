/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The lines in front of a loop that belong to it: loop pragmas in their
 * four spellings (#pragma unroll [N], #pragma clang loop ..., #pragma GCC
 * unroll N, _Pragma("...") or a macro expanding to one) and #if/#elif/
 * #else/#endif groups that hold only such lines, one per build variant.
 * A fix that turns the loop into bpf_for() declares its counter above
 * them (a pragma must be followed by its loop) and drops the unrolling
 * ones in every branch, the preprocessor-skipped ones included, so each
 * variant compiles. Read from the text: skipped branches have no cursors.
 */
#ifndef BPF_RULES_LOOP_PRELUDE_H
#define BPF_RULES_LOOP_PRELUDE_H

#include <stdbool.h>
#include "rules/loop_ast.h"

#define LOOP_PRELUDE_MAX_CUTS 16

struct loop_prelude {
	unsigned start;          /* where a line may go above the loop's pragmas */
	bool at_line_start;      /* start is a line start (else the loop shares its line) */
	unsigned n_cuts;         /* unrolling pragmas to drop: [off, end) each */
	unsigned cut_off[LOOP_PRELUDE_MAX_CUTS], cut_end[LOOP_PRELUDE_MAX_CUTS];
	const char *why_not;     /* set: the loop cannot be rewritten, and why */
	bool header_in_branch;   /* an #if branch ends inside: only the header may change */
};

/* The prelude of loop l (a for written out); why_not says when a branch
 * or macro makes a rewrite unsafe. */
void loop_prelude__find(struct lint_ctx *ctx, const struct loop *l, struct loop_prelude *p);

/*
 * The edits that turn the header [l->off, header_end) into head (e.g.
 * "bpf_for(i, 0, 64)"), with decl (e.g. "int i;", or NULL) declared above
 * the loop's pragmas, the unrolling pragmas dropped, and with wrap, the
 * loop and its declaration in a block of their own, re-indented. Sets the
 * fix unfixable (and returns -1) when the prelude says why not.
 */
int loop_prelude__rewrite_head(struct lint_ctx *ctx, struct bpf_finding *f,
			       const struct loop *l, unsigned header_end,
			       const char *decl, const char *head, bool wrap);

#endif
