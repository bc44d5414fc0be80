/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * core-read-chain: bpf_probe_read_kernel(&tmp, sizeof(tmp), &p->member)
 * followed by a read through tmp (&tmp->next), i.e. a pointer chase over
 * kernel structs spelled as successive probe reads into temporaries.
 * BPF_CORE_READ(p, member, next) does the same chase in one expression,
 * with CO-RE relocations on every member. Found on the typed AST: the
 * reads' destination and source variables, and the source's record type
 * (vmlinux.h or preserve_access_index), so macros and typedefs are seen
 * through and look-alike text over user structs is not reported.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules/rule.h"
#include "rules/ast_util.h"

#define MIN_KERNEL KVER_PROBE_READ_KERNEL
#define MAX_READS 64
#define MAX_CHAIN 8

struct read {
	CXCursor call, dst, src; /* dst, src: the variables */
	char *member;
	bool used;
};

struct reads {
	unsigned n;
	struct read r[MAX_READS];
};

/* &var, or a null cursor. */
static CXCursor addr_of_var(CXCursor e)
{
	e = ast__strip_casts(e);
	if (clang_getCursorKind(e) != CXCursor_UnaryOperator ||
	    clang_getCursorUnaryOperatorKind(e) != CXUnaryOperator_AddrOf)
		return clang_getNullCursor();
	e = ast__strip(ast__first_child(e));
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	e = clang_getCursorReferenced(e);
	return clang_getCursorKind(e) == CXCursor_VarDecl ? e : clang_getNullCursor();
}

/* &var->member with var a pointer to a kernel record: var, or null. */
static CXCursor addr_of_member(CXCursor e, CXCursor *member)
{
	CXCursor base;

	e = ast__strip_casts(e);
	if (clang_getCursorKind(e) != CXCursor_UnaryOperator ||
	    clang_getCursorUnaryOperatorKind(e) != CXUnaryOperator_AddrOf)
		return clang_getNullCursor();
	e = ast__strip(ast__first_child(e));
	if (clang_getCursorKind(e) != CXCursor_MemberRefExpr)
		return clang_getNullCursor();
	*member = e;
	base = ast__strip(ast__first_child(e));
	if (clang_getCursorKind(base) != CXCursor_DeclRefExpr ||
	    clang_getCanonicalType(clang_getCursorType(base)).kind != CXType_Pointer ||
	    !ast__is_kernel_record(clang_getCursorType(base)))
		return clang_getNullCursor();
	base = clang_getCursorReferenced(base);
	return clang_getCursorKind(base) == CXCursor_VarDecl ||
	       clang_getCursorKind(base) == CXCursor_ParmDecl ? base : clang_getNullCursor();
}

/* A bpf_probe_read_kernel(&var, size, &src->member) of the function walked. */
static void collect(struct reads *rs, CXCursor c)
{
	CXCursor dst, src, member;

	if (rs->n >= MAX_READS || !ast__call_is(c, "bpf_probe_read_kernel") ||
	    clang_Cursor_getNumArguments(c) != 3)
		return;
	dst = addr_of_var(clang_Cursor_getArgument(c, 0));
	src = addr_of_member(clang_Cursor_getArgument(c, 2), &member);
	if (clang_Cursor_isNull(dst) || clang_Cursor_isNull(src))
		return;
	rs->r[rs->n++] = (struct read){ c, dst, src, ast__name(member), false };
}

/* The read after index i whose source is i's destination, or -1. */
static int next_read(struct reads *rs, unsigned i)
{
	if (clang_getCanonicalType(clang_getCursorType(rs->r[i].dst)).kind != CXType_Pointer)
		return -1;
	for (unsigned j = i + 1; j < rs->n; j++)
		if (ast__same_decl(rs->r[j].src, rs->r[i].dst))
			return (int)j;
	return -1;
}

static void report_chain(struct lint_ctx *ctx, struct reads *rs, unsigned first)
{
	char path[512], args[512], *root = ast__name(rs->r[first].src);
	size_t pl, al;
	unsigned len = 0;
	struct bpf_finding *f;
	int i;

	pl = (size_t)snprintf(path, sizeof(path), "%s", root ? root : "p");
	al = (size_t)snprintf(args, sizeof(args), "%s", root ? root : "p");
	for (i = (int)first; i >= 0 && len < MAX_CHAIN; i = next_read(rs, (unsigned)i), len++) {
		rs->r[i].used = true;
		if (pl < sizeof(path))
			pl += (size_t)snprintf(path + pl, sizeof(path) - pl, "->%s", rs->r[i].member);
		if (al < sizeof(args))
			al += (size_t)snprintf(args + al, sizeof(args) - al, ", %s", rs->r[i].member);
	}
	free(root);
	if (len < 2)
		return;
	f = lint_report(ctx, clang_getCursorExtent(rs->r[first].call),
			"%u bpf_probe_read_kernel() calls through temporaries chase %s: write "
			"BPF_CORE_READ(%s), one expression whose every member is CO-RE "
			"relocated, so it keeps working when the kernel's layout changes",
			len, path, args);
	if (f)
		fix_set_unfixable(&f->fix, "%s", "the temporaries may be used elsewhere; "
				  "replace the chain with BPF_CORE_READ() by hand");
}

/* The chains of the function walked last: reported when it ends. */
static void flush(struct lint_ctx *ctx, struct reads *rs)
{
	for (unsigned i = 0; i < rs->n; i++) {
		bool head = true;

		/* A chain starts at a read whose source no earlier read produced. */
		for (unsigned j = 0; j < i && head; j++)
			if (next_read(rs, j) == (int)i)
				head = false;
		if (head && !rs->r[i].used)
			report_chain(ctx, rs, i);
	}
	for (unsigned i = 0; i < rs->n; i++)
		free(rs->r[i].member);
	rs->n = 0;
}

static void visit(struct lint_ctx *ctx, CXCursor c, CXCursor parent, void *state)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_FunctionDecl)
		flush(ctx, state);	/* a new top-level declaration: the last function ended */
	else if (lint_walk_reported(ctx) && !clang_Cursor_isNull(lint_walk_function(ctx)) &&
		 ast__kernel_at_least(ctx, MIN_KERNEL))
		collect(state, c);
}

static void finish(struct lint_ctx *ctx, void *state)
{
	flush(ctx, state);
}

const struct bpf_rule rule_core_read_chain = {
	.id = "core-read-chain",
	.summary = "pointer chase over kernel structs as successive bpf_probe_read_kernel() calls",
	.explanation =
	"Reading task->real_parent->tgid with one bpf_probe_read_kernel() per\n"
	"hop needs a temporary per pointer, a size per read and an error path\n"
	"per call, and each offset is the one vmlinux.h had at build time unless\n"
	"the struct carries preserve_access_index. BPF_CORE_READ() (libbpf's\n"
	"bpf_core_read.h) chases the same pointers in one expression, each\n"
	"member with a CO-RE relocation, so the program keeps working when the\n"
	"kernel's struct layout changes. With BTF-typed pointers (tp_btf, fentry,\n"
	"bpf_get_current_task_btf()) task->real_parent->tgid can even be read\n"
	"directly.\n"
	"\n"
	"Before:\n"
	"    struct task_struct *parent;\n"
	"    pid_t ppid;\n"
	"    bpf_probe_read_kernel(&parent, sizeof(parent), &task->real_parent);\n"
	"    bpf_probe_read_kernel(&ppid, sizeof(ppid), &parent->tgid);\n"
	"After:\n"
	"    pid_t ppid = BPF_CORE_READ(task, real_parent, tgid);\n"
	"\n"
	"Reported at the first read of a chain of two or more, where each read's\n"
	"source is &var->member of a kernel struct pointer and the next read\n"
	"goes through the variable it filled. No automatic fix: the temporaries\n"
	"may be used elsewhere. Not reported for targets older than 5.5.\n",
	.severity = BPF_SEV_WARNING,
	.enabled_by_default = true,
	.fix_lowers_cost = false,
	.min_kernel = MIN_KERNEL,
	.kinds = (const enum CXCursorKind[]){ CXCursor_FunctionDecl, CXCursor_CallExpr, 0 },
	.state_size = sizeof(struct reads),
	.visit = visit,
	.finish = finish,
};
