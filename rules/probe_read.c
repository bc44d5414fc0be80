/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * probe-read: the deprecated bpf_probe_read() / bpf_probe_read_str().
 * Since 5.5 the kernel splits them by address space; which one applies is
 * read off the source pointer's type: a kernel struct (vmlinux.h or a CO-RE
 * preserve_access_index record) means _kernel, a btf_type_tag("user")
 * pointer (__user) means _user. Otherwise the finding has no fix.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules/rule.h"
#include "rules/ast_util.h"

#define MIN_KERNEL KVER_PROBE_READ_KERNEL

enum origin { ORIGIN_UNKNOWN, ORIGIN_KERNEL, ORIGIN_USER };

static enum origin type_origin(CXType t)
{
	if (ast__is_user_pointer(t))
		return ORIGIN_USER;
	if (clang_getCanonicalType(t).kind == CXType_Pointer && ast__is_kernel_record(t))
		return ORIGIN_KERNEL;
	return ORIGIN_UNKNOWN;
}

static enum origin pointer_origin(CXCursor e, int depth);

/* Whose memory holds the lvalue e: the struct it is a member of, the array
 * it indexes, or the pointer it dereferences. */
static enum origin lvalue_origin(CXCursor e, int depth)
{
	CXCursor base;

	e = ast__strip(e);
	if (clang_Cursor_isNull(e) || depth > 16)
		return ORIGIN_UNKNOWN;
	switch (clang_getCursorKind(e)) {
	case CXCursor_MemberRefExpr:
		base = ast__strip(ast__first_child(e));
		if (clang_getCanonicalType(clang_getCursorType(base)).kind == CXType_Pointer)
			return pointer_origin(base, depth + 1);
		/* s.field on a kernel struct value is kernel memory too. */
		if (ast__is_kernel_record(clang_getCursorType(base)))
			return ORIGIN_KERNEL;
		return lvalue_origin(base, depth + 1);
	case CXCursor_ArraySubscriptExpr:
		base = ast__strip(ast__first_child(e));
		if (clang_getCanonicalType(clang_getCursorType(base)).kind == CXType_Pointer)
			return pointer_origin(base, depth + 1);
		return lvalue_origin(base, depth + 1);
	case CXCursor_UnaryOperator:
		if (clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Deref)
			return pointer_origin(ast__first_child(e), depth + 1);
		return ORIGIN_UNKNOWN;
	default:
		return ORIGIN_UNKNOWN;
	}
}

/* Where the pointer value e points: its own type (kernel record, __user),
 * or the object it is the address of. An integer cast to a pointer says
 * nothing, even when the integer was a field of a kernel struct. */
static enum origin pointer_origin(CXCursor e, int depth)
{
	enum origin o;
	CXCursor op;
	enum CXCursorKind k;

	e = ast__strip(e);
	if (clang_Cursor_isNull(e) || depth > 16)
		return ORIGIN_UNKNOWN;
	o = type_origin(clang_getCursorType(e));
	if (o != ORIGIN_UNKNOWN)
		return o;
	k = clang_getCursorKind(e);
	if (k == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf)
		return lvalue_origin(ast__first_child(e), depth + 1);
	if (k == CXCursor_CStyleCastExpr) {
		op = ast__strip(ast__child(e, ast__n_children(e) - 1));
		if (clang_getCanonicalType(clang_getCursorType(op)).kind != CXType_Pointer)
			return ORIGIN_UNKNOWN;
		return pointer_origin(op, depth + 1);
	}
	if (k == CXCursor_BinaryOperator &&
	    (clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Add ||
	     clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Sub))
		return pointer_origin(ast__first_child(e), depth + 1);
	/* An array member decays to the address inside its struct. */
	if (clang_getCanonicalType(clang_getCursorType(e)).kind == CXType_ConstantArray)
		return lvalue_origin(e, depth + 1);
	return ORIGIN_UNKNOWN;
}

static void report(struct lint_ctx *ctx, CXCursor call, bool str)
{
	CXCursor callee = ast__strip(ast__first_child(call));
	enum origin o = pointer_origin(clang_Cursor_getArgument(call, 2), 0);
	const char *sfx = str ? "_str" : "";
	char repl[64];
	struct bpf_finding *f;

	if (o == ORIGIN_UNKNOWN) {
		f = lint_report(ctx, clang_getCursorExtent(call),
				"replace bpf_probe_read%s() with bpf_probe_read_kernel%s() or "
				"bpf_probe_read_user%s(): the unsplit helper is deprecated and "
				"wrong where user and kernel addresses overlap", sfx, sfx, sfx);
		if (f)
			fix_set_unfixable(&f->fix, "the source pointer's type does not say "
					  "whether it is kernel or user memory");
		return;
	}
	snprintf(repl, sizeof(repl), "bpf_probe_read_%s%s",
		 o == ORIGIN_KERNEL ? "kernel" : "user", sfx);
	f = lint_report(ctx, clang_getCursorExtent(call),
			"use %s() instead of bpf_probe_read%s(): the source is %s memory and "
			"the unsplit helper is deprecated", repl, sfx,
			o == ORIGIN_KERNEL ? "kernel" : "user");
	if (!f)
		return;
	f->fix.min_kernel = MIN_KERNEL;
	lint_fix_replace(ctx, f, clang_getCursorExtent(callee), repl);
}

static void visit(struct lint_ctx *ctx, CXCursor c, CXCursor parent, void *state)
{
	(void)parent;
	(void)state;
	if (!lint_walk_reported(ctx) || clang_Cursor_getNumArguments(c) != 3 ||
	    !ast__kernel_at_least(ctx, MIN_KERNEL))
		return;
	if (ast__call_is(c, "bpf_probe_read"))
		report(ctx, c, false);
	else if (ast__call_is(c, "bpf_probe_read_str"))
		report(ctx, c, true);
}

const struct bpf_rule rule_probe_read = {
	.id = "probe-read",
	.summary = "bpf_probe_read()/bpf_probe_read_str(): use the _kernel or _user variant",
	.explanation =
	"bpf_probe_read() and bpf_probe_read_str() do not say which address space\n"
	"they read. On architectures where user and kernel addresses overlap\n"
	"(s390, some arm configurations) they read the wrong memory, and since\n"
	"Linux 5.5 they are deprecated in favour of bpf_probe_read_kernel(),\n"
	"bpf_probe_read_user() and their _str forms. The rule reads the source\n"
	"pointer's type: an address inside a kernel struct (declared in vmlinux.h,\n"
	"or a CO-RE record with preserve_access_index) is kernel memory; a pointer\n"
	"tagged btf_type_tag(\"user\") (the kernel's __user) is user memory. When\n"
	"the type says neither (a bare integer cast to void *), you have to choose.\n"
	"\n"
	"Before:\n"
	"    bpf_probe_read(&pid, sizeof(pid), &task->tgid);\n"
	"    bpf_probe_read_str(buf, sizeof(buf), filename);   /* const char __user * */\n"
	"After:\n"
	"    bpf_probe_read_kernel(&pid, sizeof(pid), &task->tgid);\n"
	"    bpf_probe_read_user_str(buf, sizeof(buf), filename);\n"
	"\n"
	"For chains of kernel reads, BPF_CORE_READ() is shorter still (a rule\n"
	"of its own reports them). Not reported when the target kernel is older than 5.5.\n",
	.severity = BPF_SEV_WARNING,
	.enabled_by_default = true,
	.min_kernel = MIN_KERNEL,
	.kinds = (const enum CXCursorKind[]){ CXCursor_CallExpr, 0 },
	.visit = visit,
};
