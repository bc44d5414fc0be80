// SPDX-License-Identifier: GPL-2.0-only
/*
 * repeat-index: a bpf_repeat(N) loop with its own index into memory. The
 * iterator does not tell the verifier N, so an index from a constant is
 * either unbounded (rejected), or walked value by value. The article's four
 * shapes, with what 6.18 measured for them:
 *   no check                 -> rejected (access out of bounds)
 *   check, no break          -> rejected at 1,000,000 instructions
 *   check + break            -> loads, body walked once per value
 *   global zero + check/break -> once, if the index is unsigned long and
 *                               barrier_var(i) keeps clang from turning
 *                               arr[i] into a separate pointer
 * Fix: bpf_for(i, 0, N) for a constant zero start stepping by one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules/rule.h"
#include "rules/loop_ast.h"
#include "rules/loop_index.h"
#include "lint/lint_ctx.h"

#define ITER_KERNEL KVER_ITER_NUM

enum verdict {
	V_OK,
	V_NO_CHECK,      /* rejected */
	V_NO_BREAK,      /* 1M */
	V_SLOW,          /* once per value */
	V_NO_BARRIER,    /* global start, rejected without barrier_var */
	V_NARROW,        /* global start, signed or 32-bit index */
};

static enum verdict judge(const struct loop_index *x)
{
	if (!x->checked)
		return V_NO_CHECK;
	if (x->start_kind == START_CONST)
		return x->breaks ? V_SLOW : V_NO_BREAK;
	if (!cursor__is_u64(x->var))
		return V_NARROW;
	return x->barrier ? V_OK : V_NO_BARRIER;
}

static const char *const messages[] = {
	[V_NO_CHECK] = "with no bounds check: bpf_repeat does not tell the verifier N, so the "
		       "index is unbounded and the access is rejected",
	[V_NO_BREAK] = "checked but never breaks: the verifier tries every value of the index "
		       "and is rejected at the 1,000,000-instruction limit",
	[V_SLOW] = "checked with a break: it loads, but the verifier walks the body once per "
		   "value of the index",
	[V_NO_BARRIER] = "but no barrier_var: clang turns the access into a pointer that "
			 "advances apart from the index, so the check no longer bounds it "
			 "(rejected on 6.18)",
	[V_NARROW] = "but the index is signed or 32-bit: the check leaves its other end "
		     "unbounded and the access is rejected on 6.18, with or without "
		     "barrier_var",
};

static void fix_bpf_for(struct lint_ctx *ctx, struct bpf_finding *f, const struct loop *l,
			const struct loop_index *x)
{
	const char *why = loop_index__why_not_bpf_for(l, x);
	char *arg = NULL, *text = NULL;
	CXString n = clang_getCursorSpelling(x->var);

	if (why) {
		fix_set_unfixable(&f->fix, "not bpf_for's shape: %s", why);
	} else if (loop__macro_args(ctx, l->off, &arg, 1) == 1 && arg &&
		   asprintf(&text, "bpf_for(%s, 0, %s)", clang_getCString(n), arg) >= 0) {
		lint_fix_replace(ctx, f, l->macro, text);
		loop_index__remove_step(ctx, f, x);
		f->fix.needs |= BPF_NEED_BPF_FOR;
		f->fix.min_kernel = ITER_KERNEL;
	}
	clang_disposeString(n);
	free(arg);
	free(text);
}

static void add_fix(struct lint_ctx *ctx, struct bpf_finding *f, const struct loop *l,
		    const struct loop_index *x, enum verdict v)
{
	if (x->start_kind == START_CONST)
		fix_bpf_for(ctx, f, l, x);
	else if (v == V_NO_BARRIER)
		loop_index__insert_barrier(ctx, f, l, x);
	else if (v == V_NARROW)
		fix_set_unfixable(&f->fix, "make the index unsigned long and add barrier_var(i), "
				  "or write bpf_for(i, 0, N)");
	else
		fix_set_unfixable(&f->fix, "add a bounds check with a break, or write bpf_for(i, 0, N)");
}

static void check_loop(struct lint_ctx *ctx, const struct loop *l, void *data)
{
	struct loop_index x;
	struct bpf_finding *f;
	enum verdict v;
	CXString n;

	(void)data;
	if (l->kind != LOOP_BPF_REPEAT || !loop_index__find(ctx, l, true, &x))
		return;
	v = judge(&x);
	if (v == V_OK)
		return;
	n = clang_getCursorSpelling(x.var);
	f = lint_report(ctx, l->macro, "bpf_repeat loop indexes memory with '%s' from %s, %s",
			clang_getCString(n), x.start_kind == START_CONST ? "a constant" : "a global",
			messages[v]);
	clang_disposeString(n);
	if (!f)
		return;
	lint_set_scope(ctx, f, clang_getCursorExtent(l->stmt));
	if (x.start_kind == START_CONST)
		finding_add_note(f, "bpf_repeat(N) is an iterator whose count the verifier does not "
				 "know; an index from a known constant is a new state every iteration, "
				 "so nothing converges");
	else
		finding_add_note(f, "from a global the index is an unknown range that converges in "
				 "one pass, but only while the access is computed from it");
	finding_add_note(f, "write bpf_for(i, 0, N): the verifier gets i as the range [0, N) and "
			 "checks the body about once (6.4+)");
	add_fix(ctx, f, l, &x, v);
}

static void visit(struct lint_ctx *ctx, CXCursor c, CXCursor parent, void *state)
{
	struct loop l;

	if (loop__at(ctx, c, parent, &l))
		check_loop(ctx, &l, state);
}

const struct bpf_rule rule_repeat_index = {
	.id = "repeat-index",
	.summary = "bpf_repeat loop with its own index into memory: rejected or walked per value",
	.explanation =
		"bpf_repeat(N) does not tell the verifier N. An index kept beside it and\n"
		"started from a constant is tracked value by value. The four shapes\n"
		"(figures measured on 6.18, clang-19 -O2):\n"
		"  no bounds check           rejected: the index is unbounded\n"
		"  check, no break           rejected at 1,000,000 instructions\n"
		"  check + break             loads, body walked once per value (2045)\n"
		"  i = zero (a global),      loads in one pass (72) only with an unsigned\n"
		"  check + break             long index and barrier_var(i); without it\n"
		"                            clang advances a separate pointer and the\n"
		"                            access is rejected\n"
		"\n"
		"Fix: bpf_for(i, 0, N), which hands the verifier i as a range (6.4+),\n"
		"when the index starts at 0, steps by one as the body's last statement\n"
		"and is not read after the loop; barrier_var(i) for the global shape.\n"
		"\n"
		"Before (2045 insns processed):\n"
		"    int i = 0;\n"
		"    bpf_repeat(100) {\n"
		"        if (i < 100) sum += samples[i]; else break;\n"
		"        i++;\n"
		"    }\n"
		"After (68 insns):\n"
		"    int i = 0;\n"
		"    bpf_for(i, 0, 100) {\n"
		"        if (i < 100) sum += samples[i]; else break;\n"
		"    }\n",
	.severity = BPF_SEV_WARNING,
	.enabled_by_default = true,
	.fix_lowers_cost = true,
	.min_kernel = ITER_KERNEL,
	.cost_scope = "this loop accounts",
	.fix_kernels = (const struct rule_fix_kernel[]){
		{ ITER_KERNEL, "bpf_for",
		  "write a plain bounded loop: bpf_repeat is an iterator too, so "
		  "this loop does not load there either" },
		{ 0 } },
	.kinds = loop__kinds,
	.visit = visit,
};
