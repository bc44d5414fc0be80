/* SPDX-License-Identifier: GPL-2.0-only */
/* Cursor and type helpers for the type-aware rules (see ast_util.h). */
#include <stdlib.h>
#include <string.h>
#include "rules/ast_util.h"

struct walk {
	ast_visit_fn fn;
	void *data;
};

static enum CXChildVisitResult walk_one(CXCursor c, CXCursor parent, CXClientData d)
{
	struct walk *w = d;

	return w->fn(c, parent, w->data);
}

void ast__walk_under(CXCursor root, ast_visit_fn fn, void *data)
{
	struct walk w = { fn, data };

	clang_visitChildren(root, walk_one, &w);
}

static enum CXChildVisitResult first_one(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	*(CXCursor *)d = c;
	return CXChildVisit_Break;
}

CXCursor ast__first_child(CXCursor c)
{
	CXCursor out = clang_getNullCursor();

	clang_visitChildren(c, first_one, &out);
	return out;
}

struct nth {
	unsigned i, n;
	CXCursor out;
};

static enum CXChildVisitResult nth_one(CXCursor c, CXCursor parent, CXClientData d)
{
	struct nth *s = d;

	(void)parent;
	if (s->n++ == s->i) {
		s->out = c;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

unsigned ast__n_children(CXCursor c)
{
	struct nth s = { (unsigned)-1, 0, clang_getNullCursor() };

	clang_visitChildren(c, nth_one, &s);
	return s.n;
}

CXCursor ast__child(CXCursor c, unsigned i)
{
	struct nth s = { i, 0, clang_getNullCursor() };

	clang_visitChildren(c, nth_one, &s);
	return s.out;
}

CXCursor ast__strip(CXCursor e)
{
	enum CXCursorKind k = clang_getCursorKind(e);

	/* Implicit casts show up as UnexposedExpr with the operand as only child. */
	while ((k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr) &&
	       ast__n_children(e) == 1) {
		e = ast__first_child(e);
		k = clang_getCursorKind(e);
	}
	return e;
}

CXCursor ast__strip_casts(CXCursor e)
{
	e = ast__strip(e);
	while (clang_getCursorKind(e) == CXCursor_CStyleCastExpr) {
		/* The operand is the last child (a TypeRef may come first). */
		unsigned n = ast__n_children(e);

		e = ast__strip(ast__child(e, n - 1));
	}
	return e;
}

char *ast__name(CXCursor c)
{
	CXString s = clang_getCursorSpelling(c);
	char *out = strdup(clang_getCString(s));

	clang_disposeString(s);
	return out;
}

char *ast__type_name(CXType t)
{
	CXString s = clang_getTypeSpelling(t);
	char *out = strdup(clang_getCString(s));

	clang_disposeString(s);
	return out;
}

char *ast__call_name(CXCursor c)
{
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return NULL;
	return ast__name(c);
}

bool ast__call_is(CXCursor c, const char *name)
{
	char *n = ast__call_name(c);
	bool yes = n && strcmp(n, name) == 0;

	free(n);
	return yes;
}

CXCursor ast__ref_decl(CXCursor e)
{
	e = ast__strip(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	return clang_getCursorReferenced(e);
}

bool ast__decl_in_file(CXCursor decl, const char *base)
{
	CXFile f;
	CXString s;
	const char *name;
	size_t n, b = strlen(base);
	bool yes;

	clang_getExpansionLocation(clang_getCursorLocation(decl), &f, NULL, NULL, NULL);
	if (!f)
		return false;
	s = clang_getFileName(f);
	name = clang_getCString(s);
	n = strlen(name);
	yes = n >= b && strcmp(name + n - b, base) == 0 &&
	      (n == b || name[n - b - 1] == '/');
	clang_disposeString(s);
	return yes;
}

/* Pointers, arrays, typedefs and qualifiers peeled down to the record. */
static CXType base_type(CXType t)
{
	t = clang_getCanonicalType(t);
	for (;;) {
		if (t.kind == CXType_Pointer)
			t = clang_getCanonicalType(clang_getPointeeType(t));
		else if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
			t = clang_getCanonicalType(clang_getArrayElementType(t));
		else
			return t;
	}
}

static bool attr_tokens_have(CXTranslationUnit tu, CXCursor attr, CXCursor decl,
			     const char *word, char **literal);

struct attr_scan {
	CXTranslationUnit tu;
	CXCursor decl;
	const char *word;
	char **literal;
	bool found;
};

static enum CXChildVisitResult attr_one(CXCursor c, CXCursor parent, CXClientData d)
{
	struct attr_scan *s = d;

	(void)parent;
	/* visibility("hidden") (libbpf's __hidden) holds the only other string
	 * literal a function's attributes commonly have: not a section */
	if (s->literal && clang_getCursorKind(c) == CXCursor_VisibilityAttr)
		return CXChildVisit_Continue;
	if (clang_isAttribute(clang_getCursorKind(c)) &&
	    attr_tokens_have(s->tu, c, s->decl, s->word, s->literal)) {
		s->found = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

/* An identifier token equal to word once leading/trailing '_' are dropped,
 * so __noinline and __attribute__((noinline)) match "noinline". */
bool ast__word_is(const char *tok, const char *word)
{
	size_t n;

	while (*tok == '_')
		tok++;
	n = strlen(tok);
	while (n && tok[n - 1] == '_')
		n--;
	return n == strlen(word) && strncmp(tok, word, n) == 0;
}

/*
 * The tokens of an attribute as written: for one that comes from a macro
 * (SEC(".maps"), __noinline) libclang's extent is not tokenizable, so the
 * range runs from the expansion site to the end of the declaration and is
 * cut after the first token's balanced parentheses.
 */
static CXSourceRange attr_range(CXTranslationUnit tu, CXCursor attr, CXCursor decl)
{
	CXFile f, df;
	unsigned off, end, dend;

	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(attr)), &f, NULL,
				   NULL, &off);
	clang_getExpansionLocation(clang_getRangeEnd(clang_getCursorExtent(attr)), NULL, NULL,
				   NULL, &end);
	clang_getExpansionLocation(clang_getRangeEnd(clang_getCursorExtent(decl)), &df, NULL,
				   NULL, &dend);
	if (df && clang_File_isEqual(f, df) && dend > end)
		end = dend;
	return clang_getRange(clang_getLocationForOffset(tu, f, off),
			      clang_getLocationForOffset(tu, f, end));
}

static bool token_matches(CXTranslationUnit tu, CXToken tok, const char *word, char **literal)
{
	CXTokenKind k = clang_getTokenKind(tok);
	CXString s = clang_getTokenSpelling(tu, tok);
	const char *t = clang_getCString(s);
	bool found = false;

	if (literal && k == CXToken_Literal && t[0] == '"') {
		size_t len = strlen(t);

		*literal = len >= 2 ? strndup(t + 1, len - 2) : NULL;
		found = *literal != NULL;
	} else if (word && (k == CXToken_Identifier || k == CXToken_Keyword)) {
		found = ast__word_is(t, word);
	}
	clang_disposeString(s);
	return found;
}

static bool is_punct(CXTranslationUnit tu, CXToken tok, char c)
{
	CXString s = clang_getTokenSpelling(tu, tok);
	const char *t = clang_getCString(s);
	bool yes = clang_getTokenKind(tok) == CXToken_Punctuation && t[0] == c && !t[1];

	clang_disposeString(s);
	return yes;
}

static bool attr_tokens_have(CXTranslationUnit tu, CXCursor attr, CXCursor decl,
			     const char *word, char **literal)
{
	CXToken *toks = NULL;
	unsigned n = 0, depth = 0;
	bool found = false;

	clang_tokenize(tu, attr_range(tu, attr, decl), &toks, &n);
	for (unsigned i = 0; i < n && !found; i++) {
		found = token_matches(tu, toks[i], word, literal);
		if (is_punct(tu, toks[i], '('))
			depth++;
		else if (is_punct(tu, toks[i], ')') && depth && --depth == 0)
			break;
		/* A bare word attribute (__noinline) is one token. */
		if (i == 0 && (n < 2 || !is_punct(tu, toks[1], '(')))
			break;
	}
	clang_disposeTokens(tu, toks, n);
	return found;
}

static bool scan_attrs(CXTranslationUnit tu, CXCursor decl, const char *word, char **literal)
{
	struct attr_scan s = { tu, decl, word, literal, false };

	clang_visitChildren(decl, attr_one, &s);
	return s.found;
}

bool ast__is_kernel_record(CXType t)
{
	CXCursor decl;
	CXTranslationUnit tu;

	t = base_type(t);
	if (t.kind != CXType_Record)
		return false;
	decl = clang_getTypeDeclaration(t);
	if (ast__decl_in_file(decl, "vmlinux.h"))
		return true;
	tu = clang_Cursor_getTranslationUnit(decl);
	return scan_attrs(tu, decl, "preserve_access_index", NULL);
}

bool ast__is_user_pointer(CXType t)
{
	char *s;
	bool yes;

	if (clang_getCanonicalType(t).kind != CXType_Pointer)
		return false;
	/* libclang exposes btf_type_tag only through the spelling of the
	 * pointer type itself (its pointee type drops the tag). */
	s = ast__type_name(t);
	yes = s && strstr(s, "btf_type_tag(\"user\")") != NULL;
	free(s);
	return yes;
}

char *ast__section(struct lint_ctx *ctx, CXCursor decl)
{
	char *lit = NULL;

	scan_attrs(lint_tu(ctx), decl, NULL, &lit);
	return lit;
}

bool ast__has_attr_word(struct lint_ctx *ctx, CXCursor decl, const char *word)
{
	return scan_attrs(lint_tu(ctx), decl, word, NULL);
}

unsigned ast__offset(CXSourceLocation loc)
{
	unsigned off;

	clang_getExpansionLocation(loc, NULL, NULL, NULL, &off);
	return off;
}

CXSourceRange ast__file_range(struct lint_ctx *ctx, CXSourceLocation loc,
			      unsigned off, unsigned end)
{
	CXFile f;

	clang_getExpansionLocation(loc, &f, NULL, NULL, NULL);
	return clang_getRange(clang_getLocationForOffset(lint_tu(ctx), f, off),
			      clang_getLocationForOffset(lint_tu(ctx), f, end));
}

bool ast__kernel_at_least(struct lint_ctx *ctx, unsigned kver)
{
	unsigned target = lint_config(ctx)->target_kernel;

	return target == 0 || target >= kver;
}

bool ast__is_btf_map(struct lint_ctx *ctx, CXCursor var)
{
	char *sec;
	bool yes;

	if (clang_getCursorKind(var) != CXCursor_VarDecl ||
	    clang_getCanonicalType(clang_getCursorType(var)).kind != CXType_Record)
		return false;
	sec = ast__section(ctx, var);
	yes = sec && strcmp(sec, ".maps") == 0;
	free(sec);
	return yes;
}

struct field_find {
	const char *name;
	CXCursor out;
};

static enum CXChildVisitResult field_one(CXCursor c, CXCursor parent, CXClientData d)
{
	struct field_find *ff = d;
	char *n;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FieldDecl)
		return CXChildVisit_Continue;
	n = ast__name(c);
	if (n && strcmp(n, ff->name) == 0)
		ff->out = c;
	free(n);
	return clang_Cursor_isNull(ff->out) ? CXChildVisit_Continue : CXChildVisit_Break;
}

CXCursor ast__map_field(CXCursor var, const char *name)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(var));
	struct field_find ff = { name, clang_getNullCursor() };

	clang_visitChildren(clang_getTypeDeclaration(t), field_one, &ff);
	return ff.out;
}

long long ast__map_uint(CXCursor field)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(field));

	if (clang_Cursor_isNull(field) || t.kind != CXType_Pointer)
		return -1;
	t = clang_getCanonicalType(clang_getPointeeType(t));
	return t.kind == CXType_ConstantArray ? clang_getArraySize(t) : -1;
}

CXSourceRange ast__expansion_range(struct lint_ctx *ctx, CXSourceRange r)
{
	CXFile f, ef;
	unsigned off, end;

	clang_getExpansionLocation(clang_getRangeStart(r), &f, NULL, NULL, &off);
	clang_getExpansionLocation(clang_getRangeEnd(r), &ef, NULL, NULL, &end);
	if (!f || !ef || !clang_File_isEqual(f, ef) || end < off)
		end = off;
	return clang_getRange(clang_getLocationForOffset(lint_tu(ctx), f, off),
			      clang_getLocationForOffset(lint_tu(ctx), f, end));
}

bool ast__same_decl(CXCursor a, CXCursor b)
{
	CXFile fa, fb;
	unsigned oa, ob;

	if (clang_Cursor_isNull(a) || clang_Cursor_isNull(b))
		return false;
	/* Cursors carry their parent, so equalCursors can differ for one decl. */
	a = clang_getCanonicalCursor(a);
	b = clang_getCanonicalCursor(b);
	clang_getSpellingLocation(clang_getCursorLocation(a), &fa, NULL, NULL, &oa);
	clang_getSpellingLocation(clang_getCursorLocation(b), &fb, NULL, NULL, &ob);
	return clang_getCursorKind(a) == clang_getCursorKind(b) && oa == ob && fa && fb &&
	       clang_File_isEqual(fa, fb);
}

bool ast__same_node(CXCursor a, CXCursor b)
{
	CXSourceRange ra = clang_getCursorExtent(a), rb = clang_getCursorExtent(b);

	return clang_getCursorKind(a) == clang_getCursorKind(b) &&
	       ast__offset(clang_getRangeStart(ra)) == ast__offset(clang_getRangeStart(rb)) &&
	       ast__offset(clang_getRangeEnd(ra)) == ast__offset(clang_getRangeEnd(rb));
}
