/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The index of a bpf_repeat or can_loop loop: which variable, where it
 * starts (a constant, a global the verifier cannot know, or other), and
 * the shape around it (bounds check, break, barrier_var, step). Shared by
 * the bpf_repeat and can_loop counter rules, with the edits both fixes use.
 */
#ifndef BPF_RULES_LOOP_INDEX_H
#define BPF_RULES_LOOP_INDEX_H

#include "rules/loop_ast.h"

enum start_kind {
	START_CONST,
	START_GLOBAL,   /* a writable global such as `zero` */
	START_OTHER,    /* a runtime value: already a range */
};

struct loop_index {
	CXCursor var;
	CXCursor start;          /* the expression it starts from */
	enum start_kind start_kind;
	long long start_value;   /* START_CONST */
	bool checked;            /* an if in the body compares it */
	bool breaks;             /* the body can break out of the loop */
	bool barrier;            /* barrier_var(var) in the body */
	CXCursor step;           /* i++ as the body's last statement, or null */
	struct var_use uses;     /* its writes in the body */
};

/*
 * The loop's index. bpf_repeat: a variable from outside the loop that the
 * body steps and uses as an array index. can_loop (for/while/do): the
 * counter its condition tests and its increment or body steps. False if
 * there is none.
 */
bool loop_index__find(struct lint_ctx *ctx, const struct loop *l, bool need_index,
		      struct loop_index *x);
/* Why a bpf_repeat loop cannot become bpf_for(i, 0, N), or NULL. */
const char *loop_index__why_not_bpf_for(const struct loop *l, const struct loop_index *x);
/* Edit: delete the step statement (its whole line when alone on it). */
void loop_index__remove_step(struct lint_ctx *ctx, struct bpf_finding *f,
			     const struct loop_index *x);
/* Edit: barrier_var(i); as the first statement of the body (braces added
 * around a body that has none). */
void loop_index__insert_barrier(struct lint_ctx *ctx, struct bpf_finding *f,
				const struct loop *l, const struct loop_index *x);

#endif
