/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * current-task: (struct task_struct *)bpf_get_current_task(). The helper
 * returns a plain u64, so every field has to go through a probe read;
 * bpf_get_current_task_btf() (5.11) returns a BTF pointer the verifier
 * types, which can be dereferenced directly and passed to kfuncs.
 */
#include <stdlib.h>
#include <string.h>
#include "rules/rule.h"
#include "rules/ast_util.h"

#define MIN_KERNEL KVER_CURRENT_TASK_BTF

/*
 * Is the record the kernel's task_struct: from vmlinux.h, a CO-RE record
 * (preserve_access_index), the kernel's own headers, or only declared (the
 * name then stands for the kernel type, as bpf_helper_defs.h uses it)? A
 * struct of the same name the program defines itself is its own data.
 */
static bool is_kernel_task(CXType rec)
{
	CXCursor def = clang_getCursorDefinition(clang_getTypeDeclaration(rec));

	return clang_Cursor_isNull(def) || ast__is_kernel_record(rec) ||
	       ast__decl_in_file(def, "linux/sched.h");
}

/* Is t exactly `struct task_struct *` (the type the _btf helper returns)? */
static bool is_task_ptr(CXType t, bool *exact)
{
	CXType p = clang_getCanonicalType(t);
	char *name;
	bool yes;

	if (p.kind != CXType_Pointer)
		return false;
	p = clang_getCanonicalType(clang_getPointeeType(p));
	if (p.kind != CXType_Record)
		return false;
	if (!is_kernel_task(p))
		return false;
	name = ast__name(clang_getTypeDeclaration(p));
	/* task_struct___flavor is a CO-RE local view of the same kernel type. */
	yes = name && strncmp(name, "task_struct", 11) == 0 &&
	      (name[11] == '\0' || strncmp(name + 11, "___", 3) == 0);
	*exact = yes && name[11] == '\0';
	free(name);
	return yes;
}

static void report(struct lint_ctx *ctx, CXCursor expr, bool exact)
{
	struct bpf_finding *f;

	f = lint_report(ctx, clang_getCursorExtent(expr),
			"use bpf_get_current_task_btf() instead of casting bpf_get_current_task(): "
			"it returns a BTF-typed task pointer the verifier lets you dereference directly");
	if (!f)
		return;
	f->fix.min_kernel = MIN_KERNEL;
	if (exact)
		lint_fix_replace(ctx, f, clang_getCursorExtent(expr), "bpf_get_current_task_btf()");
	else
		fix_set_unfixable(&f->fix, "the target is a CO-RE flavor of task_struct: "
				  "cast bpf_get_current_task_btf() through (void *)");
}

/* e converted to type to: report if e is bpf_get_current_task() under casts. */
static void check_conversion(struct lint_ctx *ctx, CXCursor e, CXType to)
{
	bool exact;
	CXCursor s = ast__strip(e);

	if (clang_Cursor_isNull(s) || !is_task_ptr(to, &exact))
		return;
	/* An explicit cast to task_struct * is reported where it is visited. */
	if (clang_getCursorKind(s) == CXCursor_CStyleCastExpr &&
	    is_task_ptr(clang_getCursorType(s), &exact))
		return;
	if (ast__call_is(ast__strip_casts(s), "bpf_get_current_task"))
		report(ctx, s, exact);
}

static void visit(struct lint_ctx *ctx, CXCursor c, CXCursor parent, void *state)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	unsigned n;
	bool exact;

	(void)parent;
	(void)state;
	if (!lint_walk_reported(ctx) || !ast__kernel_at_least(ctx, MIN_KERNEL))
		return;
	if (k == CXCursor_CStyleCastExpr && is_task_ptr(clang_getCursorType(c), &exact)) {
		n = ast__n_children(c);
		if (ast__call_is(ast__strip_casts(ast__child(c, n - 1)), "bpf_get_current_task"))
			report(ctx, c, exact);
	} else if (k == CXCursor_VarDecl) {
		n = ast__n_children(c);
		if (n)
			check_conversion(ctx, ast__child(c, n - 1), clang_getCursorType(c));
	} else if (k == CXCursor_BinaryOperator &&
		   clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) {
		check_conversion(ctx, ast__child(c, 1), clang_getCursorType(ast__child(c, 0)));
	}
}

const struct bpf_rule rule_current_task = {
	.id = "current-task",
	.summary = "bpf_get_current_task() cast to struct task_struct *: use bpf_get_current_task_btf()",
	.explanation =
	"bpf_get_current_task() returns the current task as a u64. Casting it to\n"
	"`struct task_struct *` gives C a pointer type, but the verifier still sees\n"
	"a scalar: every field must be fetched with a probe read, and the pointer\n"
	"cannot be passed to helpers or kfuncs that take a task. Since Linux 5.11,\n"
	"bpf_get_current_task_btf() returns a BTF-typed pointer (PTR_TO_BTF_ID):\n"
	"the verifier knows its type, fields can be read directly (t->pid) in\n"
	"tracing programs, and BPF_CORE_READ keeps working on it.\n"
	"\n"
	"Before:\n"
	"    struct task_struct *t = (struct task_struct *)bpf_get_current_task();\n"
	"    pid_t ppid = BPF_CORE_READ(t, real_parent, tgid);\n"
	"After:\n"
	"    struct task_struct *t = bpf_get_current_task_btf();\n"
	"    pid_t ppid = BPF_CORE_READ(t, real_parent, tgid);\n"
	"\n"
	"The fix replaces the cast expression. Not reported when the target kernel\n"
	"is older than 5.11. A cast to a CO-RE flavor (struct task_struct___x *)\n"
	"is reported without an automatic fix. Only the kernel's task_struct\n"
	"counts (vmlinux.h, a preserve_access_index record, the kernel headers,\n"
	"or a declaration without a body): a struct task_struct the program\n"
	"defines for itself is not reported.\n",
	.severity = BPF_SEV_WARNING,
	.enabled_by_default = true,
	.min_kernel = MIN_KERNEL,
	.kinds = (const enum CXCursorKind[]){ CXCursor_CStyleCastExpr, CXCursor_VarDecl,
					      CXCursor_BinaryOperator, 0 },
	.visit = visit,
};
