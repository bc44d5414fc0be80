// SPDX-License-Identifier: GPL-2.0-only
/*
 * Cursor queries and variable data flow for the loop rules (loop_ast.h):
 * who mentions, writes or reads a variable, and where a loop index starts.
 */
#include <string.h>
#include "rules/ast_util.h"
#include "rules/loop_ast.h"

CXCursor cursor__ref_var(CXCursor e)
{
	CXCursor d;

	e = ast__strip(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	d = clang_getCursorReferenced(e);
	return clang_getCursorKind(d) == CXCursor_VarDecl || clang_getCursorKind(d) == CXCursor_ParmDecl
		? d : clang_getNullCursor();
}

struct mention {
	CXCursor var;
	bool found;
};

static enum CXChildVisitResult visit_mention(CXCursor c, CXCursor parent, CXClientData d)
{
	struct mention *m = d;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	    clang_equalCursors(clang_getCursorReferenced(c), m->var)) {
		m->found = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

bool cursor__mentions(CXCursor tree, CXCursor var)
{
	struct mention m = { .var = var };

	if (clang_Cursor_isNull(tree))
		return false;
	visit_mention(tree, tree, &m);
	if (!m.found)
		clang_visitChildren(tree, visit_mention, &m);
	return m.found;
}

bool cursor__int_value(CXCursor e, long long *v)
{
	CXEvalResult r;
	bool ok;

	if (clang_Cursor_isNull(e) || !clang_isExpression(clang_getCursorKind(e)))
		return false;
	r = clang_Cursor_Evaluate(e);
	if (!r)
		return false;
	ok = clang_EvalResult_getKind(r) == CXEval_Int;
	if (ok)
		*v = clang_EvalResult_getAsLongLong(r);
	clang_EvalResult_dispose(r);
	return ok;
}

unsigned cursor__off(CXCursor c)
{
	unsigned off;

	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(c)), NULL, NULL, NULL, &off);
	return off;
}

unsigned cursor__end(CXCursor c)
{
	unsigned off;

	clang_getExpansionLocation(clang_getRangeEnd(clang_getCursorExtent(c)), NULL, NULL, NULL, &off);
	return off;
}

bool cursor__is_writable_global(CXCursor var)
{
	CXCursor p = clang_getCursorSemanticParent(var);

	return clang_getCursorKind(var) == CXCursor_VarDecl &&
	       clang_getCursorKind(p) == CXCursor_TranslationUnit &&
	       !clang_isConstQualifiedType(clang_getCursorType(var));
}

bool cursor__is_u64(CXCursor var)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(var));

	return (t.kind == CXType_ULong || t.kind == CXType_ULongLong) &&
	       clang_Type_getSizeOf(t) == 8;
}

struct uses {
	CXCursor var;
	struct var_use *u;
};

static bool is_one(CXCursor e)
{
	long long v;

	return cursor__int_value(e, &v) && v == 1;
}

static void note_binary(struct uses *s, CXCursor c)
{
	enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
	CXCursor lhs = cursor__ref_var(ast__child(c, 0));

	if (clang_Cursor_isNull(lhs) || !clang_equalCursors(lhs, s->var))
		return;
	if (op != CXBinaryOperator_Assign && (op < CXBinaryOperator_MulAssign || op > CXBinaryOperator_OrAssign))
		return;
	s->u->writes++;
	s->u->last_write = c;
	if (op == CXBinaryOperator_AddAssign && is_one(ast__child(c, 1)))
		s->u->incs++;
}

static void note_unary(struct uses *s, CXCursor c)
{
	enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
	CXCursor v = cursor__ref_var(ast__child(c, 0));

	if (clang_Cursor_isNull(v) || !clang_equalCursors(v, s->var))
		return;
	if (op == CXUnaryOperator_AddrOf) {
		s->u->address_taken = true;
		return;
	}
	if (op < CXUnaryOperator_PostInc || op > CXUnaryOperator_PreDec)
		return;
	s->u->writes++;
	s->u->last_write = c;
	if (op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PreInc)
		s->u->incs++;
}

static enum CXChildVisitResult visit_uses(CXCursor c, CXCursor parent, CXClientData d)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator)
		note_binary(d, c);
	else if (k == CXCursor_UnaryOperator)
		note_unary(d, c);
	return CXChildVisit_Recurse;
}

void var__uses(CXCursor tree, CXCursor var, struct var_use *u)
{
	struct uses s = { .var = var, .u = u };

	memset(u, 0, sizeof(*u));
	u->last_write = clang_getNullCursor();
	if (clang_Cursor_isNull(tree))
		return;
	visit_uses(tree, tree, &s);
	clang_visitChildren(tree, visit_uses, &s);
}

struct after {
	CXCursor var;
	unsigned off;
	bool found;
};

static enum CXChildVisitResult visit_after(CXCursor c, CXCursor parent, CXClientData d)
{
	struct after *a = d;

	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && cursor__off(c) >= a->off &&
	    clang_equalCursors(clang_getCursorReferenced(c), a->var)) {
		/* The first use after the loop: a read, unless it assigns (i = 0). */
		a->found = !(clang_getCursorKind(parent) == CXCursor_BinaryOperator &&
			     clang_getCursorBinaryOperatorKind(parent) == CXBinaryOperator_Assign &&
			     cursor__off(parent) == cursor__off(c));
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

bool var__read_after(CXCursor func, CXCursor var, unsigned off)
{
	struct after a = { .var = var, .off = off };

	clang_visitChildren(func, visit_after, &a);
	return a.found;
}

/* The initialiser of a VarDecl: its last child, when that is an expression. */
static CXCursor var_init(CXCursor var)
{
	unsigned n = ast__n_children(var);
	CXCursor last = n ? ast__child(var, n - 1) : clang_getNullCursor();

	return !clang_Cursor_isNull(last) && clang_isExpression(clang_getCursorKind(last))
		? last : clang_getNullCursor();
}

struct start {
	CXCursor var, found;
	unsigned before;
};

static enum CXChildVisitResult visit_start(CXCursor c, CXCursor parent, CXClientData d)
{
	struct start *s = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (cursor__off(c) >= s->before)
		return CXChildVisit_Break;
	if (k == CXCursor_VarDecl && clang_equalCursors(c, s->var)) {
		s->found = var_init(c);
	} else if (k == CXCursor_BinaryOperator &&
		   clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) {
		CXCursor v = cursor__ref_var(ast__child(c, 0));

		if (!clang_Cursor_isNull(v) && clang_equalCursors(v, s->var))
			s->found = ast__child(c, 1);
	}
	return CXChildVisit_Recurse;
}

CXCursor var__start(const struct loop *l, CXCursor var)
{
	struct start s = { .var = var, .found = clang_getNullCursor(), .before = l->off };

	if (l->kind == LOOP_FOR && !clang_Cursor_isNull(l->init)) {
		/* for (T i = X; ...) or for (i = X; ...) */
		s.before = l->semi1;
		visit_start(l->init, l->init, &s);
		clang_visitChildren(l->init, visit_start, &s);
		if (!clang_Cursor_isNull(s.found))
			return s.found;
		s.before = l->off;
	}
	clang_visitChildren(l->func, visit_start, &s);
	return s.found;
}

struct jump {
	enum CXCursorKind kind;
	bool found;
};

static enum CXChildVisitResult visit_jump(CXCursor c, CXCursor parent, CXClientData d)
{
	struct jump *j = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt)
		return CXChildVisit_Continue;
	if (k == CXCursor_SwitchStmt && j->kind == CXCursor_BreakStmt)
		return CXChildVisit_Continue;
	if (k == j->kind) {
		j->found = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

bool loop__has_jump(CXCursor body, enum CXCursorKind kind)
{
	struct jump j = { .kind = kind };

	if (clang_getCursorKind(body) == kind)
		return true;
	clang_visitChildren(body, visit_jump, &j);
	return j.found;
}

struct index {
	CXCursor var;
	bool found;
};

static enum CXChildVisitResult visit_index(CXCursor c, CXCursor parent, CXClientData d)
{
	struct index *x = d;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_ArraySubscriptExpr &&
	    cursor__mentions(ast__child(c, 1), x->var)) {
		x->found = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

bool var__indexes(CXCursor tree, CXCursor var)
{
	struct index x = { .var = var };

	if (clang_Cursor_isNull(tree))
		return false;
	visit_index(tree, tree, &x);
	if (!x.found)
		clang_visitChildren(tree, visit_index, &x);
	return x.found;
}

struct clash {
	CXCursor var;
	CXString name;
	bool found;
};

static enum CXChildVisitResult visit_clash(CXCursor c, CXCursor parent, CXClientData d)
{
	struct clash *x = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_VarDecl) {
		CXString n = clang_getCursorSpelling(c);

		if (!clang_equalCursors(c, x->var) &&
		    !strcmp(clang_getCString(n), clang_getCString(x->name)))
			x->found = true;
		clang_disposeString(n);
		return CXChildVisit_Continue;
	}
	/* Declarations of the block and of its for-inits; not deeper blocks. */
	if (k == CXCursor_DeclStmt)
		return CXChildVisit_Recurse;
	if (k == CXCursor_ForStmt) {
		CXCursor first = ast__child(c, 0);

		if (clang_getCursorKind(first) == CXCursor_DeclStmt)
			clang_visitChildren(first, visit_clash, x);
	}
	return CXChildVisit_Continue;
}

bool var__name_clash(CXCursor parent, CXCursor var)
{
	struct clash x = { .var = var, .name = clang_getCursorSpelling(var) };

	clang_visitChildren(parent, visit_clash, &x);
	clang_disposeString(x.name);
	return x.found;
}

struct nonneg {
	CXCursor var;
	bool found;
};

/* var >= c, var > c, c <= var, c < var (or var < c, var <= c: the
 * other branch) for a constant c <= 0: a lower bound on var. */
static bool is_lower_check(CXCursor c, CXCursor var)
{
	enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
	CXCursor a = ast__child(c, 0), b = ast__child(c, 1);
	long long v;

	if (op < CXBinaryOperator_LT || op > CXBinaryOperator_GE)
		return false;
	if (clang_equalCursors(cursor__ref_var(a), var))
		return cursor__int_value(b, &v) && v <= 0;
	if (clang_equalCursors(cursor__ref_var(b), var))
		return cursor__int_value(a, &v) && v <= 0;
	return false;
}

static enum CXChildVisitResult visit_nonneg(CXCursor c, CXCursor parent, CXClientData d)
{
	struct nonneg *x = d;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_BinaryOperator && is_lower_check(c, x->var)) {
		x->found = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

bool var__checks_nonneg(CXCursor tree, CXCursor var)
{
	struct nonneg x = { .var = var };

	if (clang_Cursor_isNull(tree))
		return false;
	clang_visitChildren(tree, visit_nonneg, &x);
	return x.found;
}
