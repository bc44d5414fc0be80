// SPDX-License-Identifier: GPL-2.0-only
/*
 * Can a static function be made global, and the edits (static_call_sig.h).
 * The signature rules follow the kernel's BTF checks for global functions:
 * at most 5 arguments; scalars, a context pointer or pointers to sized
 * types; a scalar return (measured on 6.18: a void global function is
 * refused with "doesn't return scalar").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules/ast_util.h"
#include "rules/loop_ast.h"
#include "rules/static_call_sig.h"

#define GLOBAL_FUNC_KERNEL KVER_GLOBAL_FUNCS
#define MAX_GLOBAL_ARGS 5

/* Program context types a global function may take a pointer to. */
static const char *const ctx_types[] = {
	"__sk_buff", "xdp_md", "pt_regs", "bpf_sock_ops", "sk_msg_md", "bpf_sock_addr",
	"bpf_sk_lookup", "sk_reuseport_md", "bpf_sockopt", "bpf_sysctl", "bpf_perf_event_data",
	"bpf_raw_tracepoint_args", "bpf_sock", "bpf_cgroup_dev_ctx", "bpf_nf_ctx",
	"user_pt_regs",
};

static bool is_scalar(CXType t)
{
	t = clang_getCanonicalType(t);
	return (t.kind >= CXType_Bool && t.kind <= CXType_Int128) || t.kind == CXType_Enum;
}

static bool is_ctx_pointee(CXType t)
{
	CXString s;
	const char *n;
	bool ok = false;

	t = clang_getCanonicalType(t);
	if (t.kind != CXType_Record)
		return false;
	s = clang_getTypeSpelling(t);
	n = clang_getCString(s);
	if (!strncmp(n, "struct ", 7))
		n += 7;
	for (size_t i = 0; i < sizeof(ctx_types) / sizeof(ctx_types[0]); i++)
		ok |= !strcmp(n, ctx_types[i]);
	clang_disposeString(s);
	return ok;
}

struct nullchk {
	CXCursor parm;
	bool found;
};

static bool is_parm(CXCursor e, CXCursor parm)
{
	return clang_equalCursors(cursor__ref_var(e), parm);
}

static bool is_null_const(CXCursor e)
{
	long long v;

	e = ast__strip(e);
	if (clang_getCursorKind(e) == CXCursor_CStyleCastExpr)
		e = ast__child(e, ast__n_children(e) - 1);
	return cursor__int_value(e, &v) && v == 0;
}

static enum CXChildVisitResult visit_null(CXCursor c, CXCursor parent, CXClientData d)
{
	struct nullchk *x = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor a = ast__child(c, 0), b = ast__child(c, 1);

	(void)parent;
	if (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_LNot)
		x->found |= is_parm(a, x->parm);
	else if (k == CXCursor_BinaryOperator) {
		enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);

		if (op == CXBinaryOperator_EQ || op == CXBinaryOperator_NE)
			x->found |= (is_parm(a, x->parm) && is_null_const(b)) ||
				    (is_parm(b, x->parm) && is_null_const(a));
		else if (op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr)
			x->found |= is_parm(a, x->parm) || is_parm(b, x->parm);
	} else if (k == CXCursor_IfStmt || k == CXCursor_ConditionalOperator) {
		x->found |= is_parm(a, x->parm);
	}
	return x->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static bool null_checked(CXCursor def, CXCursor parm)
{
	struct nullchk x = { .parm = parm };

	clang_visitChildren(def, visit_null, &x);
	return x.found;
}

/* Why parameter i of def is not acceptable (malloc'd), or NULL. */
static char *bad_param(CXCursor def, unsigned i)
{
	CXCursor p = clang_Cursor_getArgument(def, i);
	CXType t = clang_getCanonicalType(clang_getCursorType(p)), pt;
	CXString n = clang_getCursorSpelling(p);
	char *why = NULL;
	int rc = 0;

	if (is_scalar(t))
		goto out;
	if (t.kind != CXType_Pointer) {
		rc = asprintf(&why, "argument '%s' is passed by value as an aggregate; a global "
			      "function takes scalars and pointers", clang_getCString(n));
		goto out;
	}
	pt = clang_getPointeeType(t);
	if (is_ctx_pointee(pt))
		goto out;
	if (clang_Type_getSizeOf(pt) <= 0)
		rc = asprintf(&why, "argument '%s' points to a type without a size (void or "
			      "incomplete); tag it __arg_ctx or __arg_arena (6.8+) by hand",
			      clang_getCString(n));
	else if (!null_checked(def, p))
		rc = asprintf(&why, "pointer argument '%s' is not checked for NULL; a global "
			      "function receives it as nullable memory and is rejected when it "
			      "dereferences it unchecked: add `if (!%s) return 0;` or tag it "
			      "__arg_nonnull (6.8+)", clang_getCString(n), clang_getCString(n));
out:
	clang_disposeString(n);
	return rc < 0 ? NULL : why;
}

/* Offset of the `void` written before the name at def, or 0 (macro, typedef...). */
static unsigned void_token(struct lint_ctx *ctx, CXCursor def)
{
	CXTranslationUnit tu = lint_tu(ctx);
	unsigned name_off, n, at = 0;
	CXToken *tok;

	clang_getExpansionLocation(clang_getCursorLocation(def), NULL, NULL, NULL, &name_off);
	clang_tokenize(tu, loop__range_at(ctx, def, cursor__off(def), name_off), &tok, &n);
	for (unsigned k = 0; k < n && !at; k++) {
		CXString sp = clang_getTokenSpelling(tu, tok[k]);
		unsigned o;

		clang_getExpansionLocation(clang_getTokenLocation(tu, tok[k]), NULL, NULL, NULL, &o);
		if (o < name_off && !strcmp(clang_getCString(sp), "void"))
			at = o;
		clang_disposeString(sp);
	}
	clang_disposeTokens(tu, tok, n);
	return at;
}

/* void f(...) { ... } written out, and no other declaration to keep in step. */
static bool void_fixable(struct lint_ctx *ctx, CXCursor def)
{
	return clang_equalCursors(clang_getCanonicalCursor(def), def) &&
	       void_token(ctx, def) != 0;
}

struct returns {
	struct lint_ctx *ctx;
	struct bpf_finding *f;
	CXCursor last;           /* the body's last statement */
};

/* `return;` -> `return 0;` (a ReturnStmt without a value has no children). */
static enum CXChildVisitResult visit_return(CXCursor c, CXCursor parent, CXClientData d)
{
	struct returns *r = d;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_ReturnStmt && ast__n_children(c) == 0)
		lint_fix_replace(r->ctx, r->f, clang_getCursorExtent(c), "return 0");
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult last_child(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	*(CXCursor *)d = c;
	return CXChildVisit_Continue;
}

/*
 * A global function must return a scalar: void becomes int, every bare
 * return returns 0, and so does falling off the end. Callers ignore it.
 */
static void fix_void_return(struct lint_ctx *ctx, struct bpf_finding *f, CXCursor def)
{
	struct returns r = { ctx, f, clang_getNullCursor() };
	CXCursor body = clang_getNullCursor();
	unsigned v = void_token(ctx, def), close;

	clang_visitChildren(def, last_child, &body);
	if (!v || clang_getCursorKind(body) != CXCursor_CompoundStmt)
		return;
	lint_fix_replace(ctx, f, loop__range_at(ctx, def, v, v + 4), "int");
	clang_visitChildren(body, visit_return, &r);
	clang_visitChildren(body, last_child, &r.last);
	if (clang_getCursorKind(r.last) == CXCursor_ReturnStmt)
		return;
	close = cursor__end(body) - 1;	/* the body's '}' */
	lint_fix_insert(ctx, f, clang_getRangeStart(loop__range_at(ctx, def, close, close)),
			"\treturn 0;\n");
}

char *static_call__unfixable(struct lint_ctx *ctx, CXCursor def)
{
	CXType ret = clang_getCanonicalType(clang_getResultType(clang_getCursorType(def)));
	int n = clang_Cursor_getNumArguments(def);
	char *why = NULL;

	if (!lint_location_reported(ctx, clang_getCursorLocation(def)))
		return strdup("the function is defined in a header");
	if (ret.kind == CXType_Void && !void_fixable(ctx, def))
		return strdup("it returns void through a macro or typedef, or has a separate "
			      "prototype; a global function must return a scalar (make it int "
			      "and return 0 by hand)");
	if (!is_scalar(ret) && ret.kind != CXType_Void)	/* void: the fix makes it int */
		return strdup("it does not return a scalar, as a global function must");
	if (n > MAX_GLOBAL_ARGS)
		return asprintf(&why, "it takes %d arguments; a global function takes at most "
				"5 arguments", n) < 0 ? NULL : why;
	for (int i = 0; i < n && !why; i++)
		why = bad_param(def, (unsigned)i);
	return why;
}

/* Does the macro's replacement list spell word, directly or through the
 * macros it uses (depth levels)? statfunc -> static __always_inline. */
static bool macro_has_word(struct lint_ctx *ctx, CXCursor macro, const char *word, int depth)
{
	CXTranslationUnit tu = lint_tu(ctx);
	unsigned n;
	CXToken *tok;
	bool found = false;

	clang_tokenize(tu, clang_getCursorExtent(macro), &tok, &n);
	for (unsigned k = 1; k < n && !found; k++) {
		CXString s = clang_getTokenSpelling(tu, tok[k]);
		const char *t = clang_getCString(s);

		found = ast__word_is(t, word);
		if (!found && depth > 0 && clang_getTokenKind(tok[k]) == CXToken_Identifier) {
			CXCursor def = lint_macro_definition(ctx, t);

			if (!clang_Cursor_isNull(def))
				found = macro_has_word(ctx, def, word, depth - 1);
		}
		clang_disposeString(s);
	}
	clang_disposeTokens(tu, tok, n);
	return found;
}

/* A token before a declaration's name: word itself, or a macro spelling it. */
static bool token_has_word(struct lint_ctx *ctx, CXToken tok, const char *word)
{
	CXTranslationUnit tu = lint_tu(ctx);
	CXString s = clang_getTokenSpelling(tu, tok);
	bool found = ast__word_is(clang_getCString(s), word);
	CXCursor c;

	clang_disposeString(s);
	if (found || clang_getTokenKind(tok) != CXToken_Identifier)
		return found;
	c = clang_getCursor(tu, clang_getTokenLocation(tu, tok));
	if (clang_getCursorKind(c) != CXCursor_MacroExpansion)
		return false;
	c = clang_getCursorReferenced(c);
	return clang_getCursorKind(c) == CXCursor_MacroDefinition && macro_has_word(ctx, c, word, 2);
}

/* The text of decl before its name, in decl's own file (not the walk's). */
static CXSourceRange head_range(struct lint_ctx *ctx, CXCursor decl, unsigned *name_off)
{
	CXTranslationUnit tu = lint_tu(ctx);
	CXFile f;

	clang_getExpansionLocation(clang_getCursorLocation(decl), &f, NULL, NULL, name_off);
	if (!f)
		return clang_getNullRange();
	return clang_getRange(clang_getLocationForOffset(tu, f, cursor__off(decl)),
			      clang_getLocationForOffset(tu, f, *name_off));
}

bool static_call__has_word(struct lint_ctx *ctx, CXCursor decl, const char *word)
{
	CXTranslationUnit tu = lint_tu(ctx);
	unsigned name_off, n;
	CXToken *tok;
	bool found = ast__has_attr_word(ctx, decl, word);

	if (found)
		return true;
	clang_tokenize(tu, head_range(ctx, decl, &name_off), &tok, &n);
	for (unsigned k = 0; k < n && !found; k++)
		found = token_has_word(ctx, tok[k], word);
	clang_disposeTokens(tu, tok, n);
	return found;
}

/* Edit the specifiers written before decl's name: static, inline. */
static void fix_specifiers(struct lint_ctx *ctx, struct bpf_finding *f, CXCursor decl,
			   bool add_noinline)
{
	CXTranslationUnit tu = lint_tu(ctx);
	unsigned name_off, n;
	CXToken *tok;
	bool done = false;

	clang_tokenize(tu, head_range(ctx, decl, &name_off), &tok, &n);
	for (unsigned k = 0; k < n; k++) {
		CXString s = clang_getTokenSpelling(tu, tok[k]);
		const char *p = clang_getCString(s);
		unsigned o, next = name_off;

		clang_getExpansionLocation(clang_getTokenLocation(tu, tok[k]), NULL, NULL, NULL, &o);
		if (k + 1 < n)	/* up to the next token: the blanks after go too */
			clang_getExpansionLocation(clang_getTokenLocation(tu, tok[k + 1]),
						   NULL, NULL, NULL, &next);
		if (o >= name_off) {	/* tokenize may hand back the name itself */
			clang_disposeString(s);
			break;
		}
		/* __hidden keeps a function per call site as static does */
		bool per_call = !strcmp(p, "static") || !strcmp(p, "__hidden");

		if (per_call && add_noinline) {
			lint_fix_replace(ctx, f, loop__range_at(ctx, decl, o, o + strlen(p)), "__noinline");
			done = true;
		} else if (per_call || !strcmp(p, "inline") || !strcmp(p, "__inline") ||
			   !strcmp(p, "__inline__")) {
			lint_fix_replace(ctx, f, loop__range_at(ctx, decl, o, next), "");
			done |= per_call;
		}
		clang_disposeString(s);
	}
	clang_disposeTokens(tu, tok, n);
	if (!done)
		fix_set_unfixable(&f->fix, "'static' or '__hidden' is not written at the definition (a macro?)");
}

void static_call__add_fix(struct lint_ctx *ctx, struct bpf_finding *f, CXCursor def)
{
	CXCursor first = clang_getCanonicalCursor(def);
	bool has = static_call__has_word(ctx, def, "noinline") ||
		   static_call__has_word(ctx, first, "noinline");

	fix_specifiers(ctx, f, def, !has);
	/* A static prototype earlier would keep the definition internal. */
	if (!f->fix.unfixable && !clang_equalCursors(first, def) &&
	    lint_location_reported(ctx, clang_getCursorLocation(first)))
		fix_specifiers(ctx, f, first, false);
	if (f->fix.unfixable)
		return;
	if (clang_getCanonicalType(clang_getResultType(clang_getCursorType(def))).kind ==
	    CXType_Void)
		fix_void_return(ctx, f, def);
	if (!has)
		f->fix.needs |= BPF_NEED_NOINLINE;
	f->fix.min_kernel = GLOBAL_FUNC_KERNEL;
}
