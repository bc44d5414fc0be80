/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * global-func-signature: a non-static __noinline/__weak function is a
 * global BPF subprogram, verified once against its BTF prototype instead of
 * per call site. The kernel refuses prototypes it cannot verify that way
 * (checked on 6.18, see testdata): a void or pointer return, a struct
 * passed by value, a pointer to a type of unknown size; and a plain
 * pointer argument is assumed possibly NULL, so dereferencing it without a
 * check fails. Argument tags (__arg_ctx, __arg_nonnull: 6.8) fix the last
 * two when they apply.
 */
#include <stdlib.h>
#include <string.h>
#include "rules/rule.h"
#include "rules/ast_util.h"

#define TAGS_KERNEL KVER_ARG_TAGS

/* Context types the kernel recognises by name for a global's argument. */
static const char *const ctx_types[] = {
	"__sk_buff", "xdp_md", "pt_regs", "bpf_sock_ops", "sk_msg_md", "bpf_sock_addr",
	"bpf_perf_event_data", "bpf_raw_tracepoint_args", "bpf_sysctl", "bpf_sockopt",
	"sk_reuseport_md", "bpf_sk_lookup", "bpf_cgroup_dev_ctx", "bpf_nf_ctx",
	"bpf_dynptr", /* passed as a dynptr, not memory */
};
static const char *const arg_tags[] = {
	"arg_ctx", "arg_nonnull", "arg_nullable", "arg_trusted", "arg_arena", "arg_untrusted",
};

static bool is_global_subprog(struct lint_ctx *ctx, CXCursor fn)
{
	char *sec;

	if (!clang_isCursorDefinition(fn) || clang_Cursor_getStorageClass(fn) == CX_SC_Static ||
	    clang_getCursorLinkage(fn) != CXLinkage_External)
		return false;
	/* __hidden (visibility hidden or internal): libbpf marks the function
	 * static in BTF and the verifier checks it per call, as a static one. */
	if (clang_getCursorVisibility(fn) == CXVisibility_Hidden)
		return false;
	/* A SEC() function is a program entry, not a subprogram. */
	sec = ast__section(ctx, fn);
	free(sec);
	if (sec)
		return false;
	/* Without noinline/weak, clang may inline every call and the kernel
	 * never sees a global subprogram. */
	return ast__has_attr_word(ctx, fn, "noinline") || ast__has_attr_word(ctx, fn, "weak");
}

static bool has_tag(struct lint_ctx *ctx, CXCursor parm)
{
	char *lit = ast__section(ctx, parm); /* the first literal: btf_decl_tag("arg:...") */
	bool yes = lit && strncmp(lit, "arg:", 4) == 0;

	free(lit);
	for (size_t i = 0; !yes && i < sizeof(arg_tags) / sizeof(arg_tags[0]); i++)
		yes = ast__has_attr_word(ctx, parm, arg_tags[i]);
	return yes;
}

static bool is_ctx_type(CXType pointee)
{
	CXType t = clang_getCanonicalType(pointee);
	char *name;
	bool yes = false;

	if (t.kind != CXType_Record)
		return false;
	name = ast__name(clang_getTypeDeclaration(t));
	for (size_t i = 0; name && !yes && i < sizeof(ctx_types) / sizeof(ctx_types[0]); i++)
		yes = strcmp(name, ctx_types[i]) == 0;
	free(name);
	return yes;
}

struct uses {
	CXCursor parm;
	bool deref, null_checked;
};

/* Is e (a use of the parameter) tested for NULL by its parent? */
static bool null_test(CXCursor parent)
{
	enum CXCursorKind k = clang_getCursorKind(parent);

	if (k == CXCursor_UnaryOperator)
		return clang_getCursorUnaryOperatorKind(parent) == CXUnaryOperator_LNot;
	if (k == CXCursor_BinaryOperator) {
		enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(parent);

		return op == CXBinaryOperator_EQ || op == CXBinaryOperator_NE ||
		       op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr;
	}
	return k == CXCursor_IfStmt || k == CXCursor_ConditionalOperator ||
	       k == CXCursor_WhileStmt;
}

static enum CXChildVisitResult find_uses(CXCursor c, CXCursor parent, void *data)
{
	struct uses *u = data;
	enum CXCursorKind pk = clang_getCursorKind(parent);

	if (!ast__same_decl(ast__ref_decl(c), u->parm) ||
	    clang_getCursorKind(c) == CXCursor_DeclRefExpr)
		return CXChildVisit_Recurse;
	/* c is the implicit cast around the DeclRefExpr: parent is the user. */
	if (null_test(parent))
		u->null_checked = true;
	else if ((pk == CXCursor_MemberRefExpr || pk == CXCursor_ArraySubscriptExpr) &&
		 ast__same_node(ast__first_child(parent), c))
		u->deref = true;
	else if (pk == CXCursor_UnaryOperator &&
		 clang_getCursorUnaryOperatorKind(parent) == CXUnaryOperator_Deref)
		u->deref = true;
	return CXChildVisit_Continue;
}

/* The unit's global subprograms and calls, gathered by the walk. */
struct state {
	CXCursor *fns, *calls;
	size_t n_fns, cap_fns, n_calls, cap_calls;
};

static void push(CXCursor **v, size_t *n, size_t *cap, CXCursor c)
{
	if (*n == *cap) {
		size_t nc = *cap ? 2 * *cap : 64;
		CXCursor *p = realloc(*v, nc * sizeof(*p));

		if (!p)
			return;
		*v = p;
		*cap = nc;
	}
	(*v)[(*n)++] = c;
}

/* Is e the first parameter of a SEC() program, i.e. its context? */
static bool is_program_ctx(struct lint_ctx *ctx, CXCursor e)
{
	CXCursor parm = ast__ref_decl(ast__strip_casts(e)), fn;
	char *sec;

	if (clang_getCursorKind(parm) != CXCursor_ParmDecl)
		return false;
	fn = clang_getCursorSemanticParent(parm);
	if (clang_Cursor_getNumArguments(fn) < 1 ||
	    !ast__same_decl(clang_Cursor_getArgument(fn, 0), parm))
		return false;
	sec = ast__section(ctx, fn);
	free(sec);
	return sec != NULL || has_tag(ctx, parm);
}

/* Is argument idx of fn given the program's context at every call? */
static bool always_gets_ctx(struct lint_ctx *ctx, const struct state *st, CXCursor fn, int idx)
{
	unsigned calls = 0, ctx_passed = 0;

	for (size_t i = 0; i < st->n_calls; i++) {
		CXCursor c = st->calls[i];

		if (!ast__same_decl(clang_getCursorReferenced(c), fn) ||
		    clang_Cursor_getNumArguments(c) <= idx)
			continue;
		calls++;
		if (is_program_ctx(ctx, clang_Cursor_getArgument(c, (unsigned)idx)))
			ctx_passed++;
	}
	return calls && calls == ctx_passed;
}

/* Offer `tag` after the parameter's declarator, where the kernel allows it. */
static void add_tag(struct lint_ctx *ctx, struct bpf_finding *f, CXCursor parm, const char *tag)
{
	f->fix.needs = BPF_NEED_ARG_TAGS;
	f->fix.min_kernel = TAGS_KERNEL;
	lint_fix_insert(ctx, f, clang_getRangeEnd(clang_getCursorExtent(parm)), tag);
}

static void check_pointer(struct lint_ctx *ctx, const struct state *st, CXCursor fn, const char *fname, CXCursor parm,
			  int idx, const char *pname)
{
	CXType pointee = clang_getCanonicalType(clang_getPointeeType(
		clang_getCanonicalType(clang_getCursorType(parm))));
	struct uses u = { parm, false, false };
	struct bpf_finding *f;

	if (has_tag(ctx, parm) || is_ctx_type(pointee) ||
	    pointee.kind == CXType_FunctionProto)
		return;
	if (pointee.kind == CXType_Void || clang_Type_getSizeOf(pointee) < 0) {
		f = lint_report(ctx, clang_getCursorExtent(parm),
				"argument '%s' of global function '%s' points to a type of unknown "
				"size, which the kernel refuses: tag it __arg_ctx if it is the program "
				"context, else give it a sized type", pname, fname);
		if (!f)
			return;
		if (always_gets_ctx(ctx, st, fn, idx))
			add_tag(ctx, f, parm, " __arg_ctx");
		else
			fix_set_unfixable(&f->fix, "not every caller passes its program context");
		return;
	}
	ast__walk_under(fn, find_uses, &u);
	if (!u.deref || u.null_checked)
		return;
	f = lint_report(ctx, clang_getCursorExtent(parm),
			"global function '%s' dereferences pointer argument '%s' without a NULL "
			"check, and the kernel verifies it as possibly NULL: tag it __arg_nonnull "
			"or test it first", fname, pname);
	if (f)
		add_tag(ctx, f, parm, " __arg_nonnull");
}

static void check_arg(struct lint_ctx *ctx, const struct state *st, CXCursor fn,
		      const char *fname, int idx)
{
	CXCursor parm = clang_Cursor_getArgument(fn, idx);
	CXType t = clang_getCanonicalType(clang_getCursorType(parm));
	char *pname = ast__name(parm);
	struct bpf_finding *f;

	if (t.kind == CXType_Record) {
		f = lint_report(ctx, clang_getCursorExtent(parm),
				"argument '%s' of global function '%s' is a struct passed by value, "
				"which the kernel refuses for global functions: pass a pointer",
				pname, fname);
		if (f)
			fix_set_unfixable(&f->fix, "every caller has to pass an address");
	} else if (t.kind == CXType_Pointer) {
		check_pointer(ctx, st, fn, fname, parm, idx, pname);
	}
	free(pname);
}

static void check_function(struct lint_ctx *ctx, const struct state *st, CXCursor fn)
{
	CXType ret = clang_getCanonicalType(clang_getCursorResultType(fn));
	char *name = ast__name(fn);
	int n = clang_Cursor_getNumArguments(fn);
	struct bpf_finding *f;

	if (ret.kind == CXType_Void || ret.kind == CXType_Pointer) {
		f = lint_report(ctx, clang_getCursorExtent(fn),
				"global function '%s' returns %s, but the kernel verifies only "
				"global functions that return a scalar: return int (or make it static)",
				name, ret.kind == CXType_Void ? "void" : "a pointer");
		if (f)
			fix_set_unfixable(&f->fix, "changing the return type changes every caller");
	}
	for (int i = 0; i < n; i++)
		check_arg(ctx, st, fn, name, i);
	free(name);
}

/* Top-level global subprograms and every call of reported code. */
static void visit(struct lint_ctx *ctx, CXCursor c, CXCursor parent, void *state)
{
	struct state *st = state;

	if (!lint_walk_reported(ctx))
		return;
	if (clang_getCursorKind(c) == CXCursor_CallExpr)
		push(&st->calls, &st->n_calls, &st->cap_calls, c);
	else if (clang_getCursorKind(parent) == CXCursor_TranslationUnit &&
		 is_global_subprog(ctx, c))
		push(&st->fns, &st->n_fns, &st->cap_fns, c);
}

static void finish(struct lint_ctx *ctx, void *state)
{
	struct state *st = state;

	for (size_t i = 0; i < st->n_fns; i++)
		check_function(ctx, st, st->fns[i]);
	free(st->fns);
	free(st->calls);
}

const struct bpf_rule rule_global_func_signature = {
	.id = "global-func-signature",
	.summary = "global function whose signature the kernel cannot verify on its own",
	.explanation =
	"A non-static __noinline (or __weak) function is a global BPF subprogram:\n"
	"the kernel verifies it once, for any arguments its BTF prototype allows,\n"
	"instead of once per call site (which is what makes it cheap). That only\n"
	"works for prototypes the kernel can reason about. Loaded on Linux 6.18:\n"
	"  - a void or pointer return: \"Global function f() doesn't return scalar\"\n"
	"  - a struct by value: \"Arg#0 type STRUCT in f() is not supported yet\"\n"
	"  - void * or a pointer to an incomplete type:\n"
	"    \"arg#0 reference type('UNKNOWN ') size cannot be determined\"\n"
	"  - a plain pointer is assumed possibly NULL, so `p->len` without a test\n"
	"    fails: \"R1 invalid mem access 'mem_or_null'\"\n"
	"Argument tags (Linux 6.8, btf_decl_tag(\"arg:...\")) say more: __arg_ctx\n"
	"makes a void * the program context, __arg_nonnull moves the NULL check\n"
	"to the callers (which the kernel then checks at each call). More than\n"
	"five arguments do not compile for BPF at all.\n"
	"\n"
	"Before:\n"
	"    __noinline int total_len(struct pkt *p) { return p->len + p->hdr; }\n"
	"    __noinline int emit(void *ctx) { return bpf_perf_event_output(ctx, ...); }\n"
	"After:\n"
	"    __noinline int total_len(struct pkt *p __arg_nonnull) { return p->len + p->hdr; }\n"
	"    __noinline int emit(void *ctx __arg_ctx) { return bpf_perf_event_output(ctx, ...); }\n"
	"\n"
	"The tags are added automatically (with their definitions when libbpf is\n"
	"older than 1.3) when the target kernel is 6.8 or newer; __arg_ctx only\n"
	"when every caller in the file passes its program's context. Return types\n"
	"and by-value structs are reported without a fix. A global function\n"
	"without __noinline/__weak is not checked: clang may inline it away, nor\n"
	"a __hidden one (visibility hidden): libbpf marks it static in BTF, and\n"
	"the verifier checks it per call like a static function.\n",
	.severity = BPF_SEV_ERROR,
	.enabled_by_default = true,
	.min_kernel = TAGS_KERNEL,
	.fix_kernels = (const struct rule_fix_kernel[]){
		{ TAGS_KERNEL, "tagging an argument (__arg_ctx, __arg_nonnull)",
		  "test the pointer for NULL before using it, and give a context argument "
		  "the program's context type (struct xdp_md *, ...)" },
		{ 0 } },
	.kinds = (const enum CXCursorKind[]){ CXCursor_FunctionDecl, CXCursor_CallExpr, 0 },
	.state_size = sizeof(struct state),
	.visit = visit,
	.finish = finish,
};
