/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Who calls each function of the unit, counted over the function bodies in
 * reported files: how many call sites, whether one sits in a loop, and the
 * caller when there is just one. For rules whose cost depends on how many
 * copies of a body the verifier walks.
 */
#ifndef BPF_RULES_CALL_SITES_H
#define BPF_RULES_CALL_SITES_H

#include <stdbool.h>
#include <clang-c/Index.h>
#include "lint/lint_ctx.h"

struct call_site_info {
	unsigned calls;          /* call expressions naming the function */
	unsigned refs;           /* every reference, calls included */
	bool in_loop;            /* a call inside a for/while/do (bpf_for too) */
	CXCursor caller;         /* the function holding the first call */
};

struct call_sites;

/* An empty count; NULL on -ENOMEM. */
struct call_sites *call_sites__new(void);
/* In a rule's visit() for CallExpr and DeclRefExpr: count c when it sits
 * in a reported function body (the walk says where it is). */
void call_sites__visit(struct call_sites *cs, struct lint_ctx *ctx, CXCursor c);
/* fn's figures (zero when it is never named); fn may be any declaration. */
struct call_site_info call_sites__get(const struct call_sites *cs, CXCursor fn);
void call_sites__free(struct call_sites *cs);

#endif
