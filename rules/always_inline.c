/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * always-inline: functions forced inline with __always_inline,
 * __attribute__((always_inline)) or any macro that ends up there (a
 * project's `statfunc`). Works on the source text of the declaration head
 * and of macro bodies, because libclang does not expose the attribute kind
 * and macro chains are only visible as text.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules/rule.h"
#include "lint/lint_ctx.h"
#include "rules/call_sites.h"

#define MAX_MACROS 64
#define MAX_SEEN 512

/* A macro whose expansion contains always_inline. */
struct ai_macro {
	char name[64];
	bool pure;               /* only inline/attribute tokens: drop its uses */
	CXFile file;
	bool in_main;
	unsigned body, body_end; /* offsets of the replacement list in file */
	const char *text;        /* contents of file */
	char *file_name;
};

struct ai_state {
	struct lint_ctx *ctx;
	CXFile main;
	struct ai_macro m[MAX_MACROS];
	size_t n;
	unsigned seen_off[MAX_SEEN];
	CXFile seen_file[MAX_SEEN];
	size_t n_seen;
	struct call_sites *calls;
	CXCursor *fns;           /* reported top-level functions, for finish() */
	size_t n_fns, cap_fns;
	/* Prototypes whose definition is forced inline too: one finding, there. */
	CXCursor protos[MAX_SEEN], proto_def[MAX_SEEN];
	size_t n_protos;
};

/* One always_inline element found in a span of text. */
struct ai_elem {
	unsigned off, end;       /* bytes to remove */
	const struct ai_macro *macro; /* a wrapper macro use, or NULL */
};

static bool ident_char(char c)
{
	return c == '_' || (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z');
}

static bool is_attr_name(const char *s, size_t n)
{
	return (n == 13 && !memcmp(s, "always_inline", 13)) ||
	       (n == 17 && !memcmp(s, "__always_inline__", 17));
}

static const struct ai_macro *macro_find(const struct ai_state *st, const char *s, size_t n)
{
	for (size_t i = st->n; i-- > 0;)
		if (strlen(st->m[i].name) == n && !memcmp(st->m[i].name, s, n))
			return &st->m[i];
	return NULL;
}

/* Skip whitespace, comments, line continuations and string literals. */
static unsigned skip_space(const char *t, unsigned i, unsigned end)
{
	while (i < end) {
		if (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r' || t[i] == '\\')
			i++;
		else if (i + 1 < end && t[i] == '/' && t[i + 1] == '*') {
			const char *c = memmem(t + i + 2, end - i - 2, "*/", 2);

			i = c ? (unsigned)(c - t) + 2 : end;
		} else if (i + 1 < end && t[i] == '/' && t[i + 1] == '/') {
			while (i < end && t[i] != '\n')
				i++;
		} else
			break;
	}
	return i;
}

/* End of the balanced (...) starting at i, or end. */
static unsigned skip_parens(const char *t, unsigned i, unsigned end)
{
	int depth = 0;

	for (; i < end; i++) {
		if (t[i] == '(')
			depth++;
		else if (t[i] == ')' && --depth == 0)
			return i + 1;
	}
	return end;
}

/*
 * In __attribute__((list)) at [i, end): the always_inline item, widened to
 * the whole attribute when it is alone, else to the item and one comma.
 */
static bool attr_elem(const char *t, unsigned start, unsigned i, unsigned end, struct ai_elem *e)
{
	unsigned close = skip_parens(t, i, end), p = i + 1, items = 0;
	unsigned ioff = 0, iend = 0, prev_comma = 0;

	p = skip_space(t, p, close);
	if (p >= close || t[p] != '(')
		return false;
	for (p++; p < close - 2;) {
		unsigned s = skip_space(t, p, close - 2), q = s;

		while (q < close - 2 && ident_char(t[q]))
			q++;
		if (q == s) {
			p = s + 1;
			continue;
		}
		items++;
		unsigned after = skip_space(t, q, close - 2);

		if (after < close - 2 && t[after] == '(')
			after = skip_space(t, skip_parens(t, after, close - 2), close - 2);
		if (is_attr_name(t + s, q - s) && !iend) {
			ioff = s;
			iend = after < close - 2 && t[after] == ',' ? skip_space(t, after + 1, close - 2) : q;
			if (iend == q && prev_comma)
				ioff = prev_comma; /* last item: take the comma before it */
		}
		prev_comma = after < close - 2 && t[after] == ',' ? after : 0;
		p = after < close - 2 && t[after] == ',' ? after + 1 : after + 1;
	}
	if (!iend)
		return false;
	e->macro = NULL;
	e->off = items == 1 ? start : ioff;
	e->end = items == 1 ? close : iend;
	return true;
}

/* First always_inline element in t[i, end); false if none. */
static bool find_elem(const struct ai_state *st, const char *t, unsigned i, unsigned end,
		      struct ai_elem *e)
{
	while ((i = skip_space(t, i, end)) < end) {
		unsigned s = i;

		if (t[i] == '"') {
			for (i++; i < end && t[i] != '"'; i++)
				if (t[i] == '\\')
					i++;
			i++;
			continue;
		}
		if (!ident_char(t[i])) {
			i++;
			continue;
		}
		while (i < end && ident_char(t[i]))
			i++;
		if (i - s == 13 && !memcmp(t + s, "__attribute__", 13)) {
			if (attr_elem(t, s, skip_space(t, i, end), end, e))
				return true;
			continue;
		}
		const struct ai_macro *m = macro_find(st, t + s, i - s);

		if (m) {
			e->off = s;
			e->end = i;
			e->macro = m->pure ? NULL : m;
			return true;
		}
	}
	return false;
}

/* Tokens a "pure" always-inline macro may consist of. */
static bool body_is_pure(const struct ai_state *st, const char *t, unsigned i, unsigned end)
{
	static const char *const ok[] = { "inline", "__inline", "__inline__", "__attribute__",
					  "always_inline", "__always_inline__", "__unused__",
					  "unused", "__used__", "used" };

	while ((i = skip_space(t, i, end)) < end) {
		unsigned s = i;
		bool good = false;

		if (t[i] == '(' || t[i] == ')' || t[i] == ',') {
			i++;
			continue;
		}
		while (i < end && ident_char(t[i]))
			i++;
		if (i == s)
			return false;
		for (size_t k = 0; k < sizeof(ok) / sizeof(ok[0]) && !good; k++)
			good = strlen(ok[k]) == i - s && !memcmp(ok[k], t + s, i - s);
		const struct ai_macro *m = good ? NULL : macro_find(st, t + s, i - s);

		if (!good && !(m && m->pure))
			return false;
	}
	return true;
}

static char *file_name(CXFile f)
{
	CXString s = clang_getFileName(f);
	char *n = strdup(clang_getCString(s));

	clang_disposeString(s);
	return n;
}

/* Record the macro if its replacement list reaches always_inline. */
static void add_macro(struct ai_state *st, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile f;
	unsigned off, end, i;
	size_t len;
	const char *t;
	struct ai_elem e;

	clang_getSpellingLocation(clang_getRangeStart(r), &f, NULL, NULL, &off);
	clang_getSpellingLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &end);
	t = f ? clang_getFileContents(lint_tu(st->ctx), f, &len) : NULL;
	if (!t || end > len || end <= off)
		return;
	for (i = off; i < end && ident_char(t[i]); i++)
		;
	if (i < end && t[i] == '(')
		i = skip_parens(t, i, end);
	if (!find_elem(st, t, i, end, &e) && !memmem(t + i, end - i, "always_inline", 13))
		return;
	if (!find_elem(st, t, i, end, &e))
		return;
	struct ai_macro *m = (struct ai_macro *)macro_find(st, t + off, i - off);

	if (!m) {
		if (st->n == MAX_MACROS || i - off >= sizeof(st->m[0].name))
			return;
		m = &st->m[st->n++];
		memset(m, 0, sizeof(*m));
		memcpy(m->name, t + off, i - off);
		while (strchr(m->name, '('))
			*strchr(m->name, '(') = '\0';
	}
	free(m->file_name);
	m->pure = body_is_pure(st, t, i, end);
	m->file = f;
	m->in_main = clang_File_isEqual(f, st->main);
	m->body = i;
	m->body_end = end;
	m->text = t;
	m->file_name = file_name(f);
}

/* Bytes to delete for e: the element and the blanks after it (or before, at a line end). */
static void removal(const char *t, size_t len, const struct ai_elem *e, unsigned *off,
		    unsigned *end)
{
	*off = e->off;
	*end = e->end;
	while (*end < len && (t[*end] == ' ' || t[*end] == '\t'))
		(*end)++;
	if (*end == e->end)
		while (*off > 0 && (t[*off - 1] == ' ' || t[*off - 1] == '\t'))
			(*off)--;
}

/* Display width of t[from, to) starting at column col (tabs every 8). */
static unsigned display_col(const char *t, unsigned from, unsigned to, unsigned col)
{
	for (unsigned i = from; i < to; i++)
		col = t[i] == '\t' ? (col / 8 + 1) * 8 : col + 1;
	return col;
}

/* Blanks of display width w, tabs first when the line used tabs. */
static void blanks(char *out, size_t size, unsigned w, bool tabs)
{
	size_t n = 0;

	for (; tabs && w >= 8 && n + 1 < size; w -= 8)
		out[n++] = '\t';
	for (; w && n + 1 < size; w--)
		out[n++] = ' ';
	out[n] = '\0';
}

/*
 * Dropping text before a parameter list on its line moves the '(': move
 * the continuation lines aligned one past it by as much, so the diff is
 * what a careful hand would write. Lines aligned any other way stay.
 */
static void realign_params(struct bpf_fix *fix, const char *file, const char *t,
			   size_t len, unsigned off, unsigned end, const char *repl)
{
	unsigned ls = off, lp = end, depth = 0;
	unsigned old_col, new_col;

	while (ls > 0 && t[ls - 1] != '\n')
		ls--;
	while (lp < len && t[lp] != '(' && t[lp] != '\n' && t[lp] != ';' && t[lp] != '{')
		lp++;
	if (lp >= len || t[lp] != '(')
		return;
	old_col = display_col(t, ls, lp, 0);
	new_col = display_col(t, end, lp, display_col(repl, 0, (unsigned)strlen(repl),
						    display_col(t, ls, off, 0)));
	if (new_col == old_col)
		return;
	for (unsigned i = lp; i < len; i++) {
		unsigned b = i + 1, w;
		char ws[64];

		if (t[i] == '(')
			depth++;
		else if (t[i] == ')' && --depth == 0)
			return;
		if (t[i] != '\n')
			continue;
		while (b < len && (t[b] == ' ' || t[b] == '\t'))
			b++;
		w = display_col(t, i + 1, b, 0);
		if (w != old_col + 1 || b == i + 1)
			continue;
		blanks(ws, sizeof(ws), new_col + 1, memchr(t + i + 1, '\t', b - i - 1) != NULL);
		fix_add_edit(fix, file, i + 1, b - i - 1, ws);
	}
}

/* Follow wrapper macros defined in the main file down to the element to drop. */
static int add_fix(struct ai_state *st, struct bpf_finding *f, const char *file,
		   const char *t, size_t len, struct ai_elem e, bool is_static)
{
	unsigned off, end;
	bool via_macro = e.macro != NULL;	/* the edit is in a macro body */

	for (int depth = 0; e.macro && depth < 8; depth++) {
		const struct ai_macro *m = e.macro;

		if (!m->in_main)
			return fix_set_unfixable(&f->fix,
				"always_inline comes from macro '%s' defined in %s; edit that header",
				m->name, m->file_name);
		if (!find_elem(st, m->text, m->body, m->body_end, &e))
			return fix_set_unfixable(&f->fix, "cannot find always_inline in '%s'", m->name);
		t = m->text;
		file = lint_main_path(st->ctx);
		is_static = true; /* a definition edit must not change other storage */
	}
	if (e.macro)
		return fix_set_unfixable(&f->fix, "macro chain too deep");
	removal(t, len, &e, &off, &end);
	/* Not static: dropping the macro would make a global function; keep it file-local. */
	if (fix_add_edit(&f->fix, file, off, end - off, is_static ? "" : "static "))
		return -1;
	if (!via_macro)
		realign_params(&f->fix, file, t, len, off, end, is_static ? "" : "static ");
	return 0;
}

static bool has_static(CXCursor c)
{
	return clang_Cursor_getStorageClass(c) == CX_SC_Static;
}

/* The function's name is produced by a macro expansion, not written in the file. */
static bool name_from_macro(CXCursor c)
{
	CXSourceLocation loc = clang_getCursorLocation(c);
	CXFile ef, sf;
	unsigned eo, so;

	clang_getExpansionLocation(loc, &ef, NULL, NULL, &eo);
	clang_getSpellingLocation(loc, &sf, NULL, NULL, &so);
	return !ef || !sf || !clang_File_isEqual(ef, sf) || eo != so;
}

/* One finding per written element, however many declarations a macro made there. */
static bool already_reported(struct ai_state *st, CXFile f, unsigned off)
{
	for (size_t i = 0; i < st->n_seen; i++)
		if (st->seen_off[i] == off && clang_File_isEqual(st->seen_file[i], f))
			return true;
	if (st->n_seen < MAX_SEEN) {
		st->seen_off[st->n_seen] = off;
		st->seen_file[st->n_seen++] = f;
	}
	return false;
}

static enum CXChildVisitResult find_body(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CompoundStmt) {
		*(CXCursor *)d = c;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

/* The always_inline element in c's head (text up to its body), if any. */
static bool forced_elem(struct ai_state *st, CXCursor c, CXFile *f, const char **t,
			size_t *len, struct ai_elem *e)
{
	CXSourceRange ext = clang_getCursorExtent(c);
	CXCursor body = clang_getNullCursor();
	CXFile bf;
	unsigned off, end;

	clang_getExpansionLocation(clang_getRangeStart(ext), f, NULL, NULL, &off);
	clang_getExpansionLocation(clang_getRangeEnd(ext), &bf, NULL, NULL, &end);
	clang_visitChildren(c, find_body, &body);
	if (!clang_Cursor_isNull(body))
		clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(body)),
					   &bf, NULL, NULL, &end);
	*t = *f ? clang_getFileContents(lint_tu(st->ctx), *f, len) : NULL;
	return *t && end <= *len && end > off && find_elem(st, *t, off, end, e);
}

/*
 * Does inlining fn make the verifier walk more than the fix would? With
 * one call site clang inlines a plain static function too, so the object
 * and the verifier's count are the same (measured on 6.18: 781 = 781
 * processed insns); two sites get two copies (1591 vs 1011). A single call
 * in a loop is kept: its body is walked per iteration, which a global
 * function would avoid. A caller forced inline itself multiplies the copy.
 */
static bool copies_cost(struct ai_state *st, CXCursor fn, struct call_site_info *ci,
			int depth)
{
	struct call_site_info c = call_sites__get(st->calls, fn);
	CXFile f;
	const char *t;
	size_t len;
	struct ai_elem e;

	if (ci)
		*ci = c;
	if (!st->calls || c.calls >= 2 || c.refs > c.calls || c.in_loop)
		return true;	/* address taken: out of line anyway, keep the old finding */
	if (!c.calls || depth >= 8)
		return false;
	return forced_elem(st, c.caller, &f, &t, &len, &e) &&
	       copies_cost(st, c.caller, NULL, depth + 1);
}

#define BPF_CALL_MAX_ARGS 5       /* R1-R5 */
#define BPF_REG_BYTES 8

/*
 * Could a BPF-to-BPF call replace the inlining? Not with more than five
 * arguments (clang-19: "too many arguments"), an aggregate return
 * ("aggregate returns are not supported") or one wider than a register
 * ("only small returns supported"): dropping always_inline would not build.
 */
static bool call_can_replace(CXCursor fn)
{
	CXType ret = clang_getCanonicalType(clang_getCursorResultType(fn));
	long long size = ret.kind == CXType_Void ? 0 : clang_Type_getSizeOf(ret);
	int n = clang_Cursor_getNumArguments(fn);

	if (n > BPF_CALL_MAX_ARGS || clang_isFunctionTypeVariadic(clang_getCursorType(fn)))
		return false;
	if (ret.kind == CXType_Record || ret.kind == CXType_ConstantArray || size > BPF_REG_BYTES)
		return false;
	for (int i = 0; i < n; i++) {
		CXType t = clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(fn, (unsigned)i)));

		if (t.kind == CXType_Int128 || t.kind == CXType_UInt128)
			return false;
	}
	return true;
}

/* Also drop the forced-inline element of a prototype p of the reported definition. */
static void fix_prototype(struct ai_state *st, struct bpf_finding *fd, CXCursor p,
			  const struct ai_elem *def_elem)
{
	CXFile f;
	const char *t;
	size_t len;
	struct ai_elem e;
	char *file;

	if (!forced_elem(st, p, &f, &t, &len, &e) || (e.macro && e.macro == def_elem->macro))
		return;	/* a macro's fix edits its definition once */
	file = clang_File_isEqual(f, st->main) ? strdup(lint_main_path(st->ctx)) : file_name(f);
	if (file)
		add_fix(st, fd, file, t, len, e, has_static(p));
	free(file);
}

static void check_function(struct ai_state *st, CXCursor c)
{
	CXFile f;
	size_t len;
	const char *t;
	struct ai_elem e;
	struct bpf_finding *fd;
	struct call_site_info ci;
	CXString name;

	if (!forced_elem(st, c, &f, &t, &len, &e) || !call_can_replace(c))
		return;
	/* Functions a header's macro generates (libbpf's BPF_PROG helpers) are not the user's. */
	if (e.macro && !e.macro->in_main && name_from_macro(c))
		return;
	if (already_reported(st, f, e.off) || !copies_cost(st, c, &ci, 0))
		return;
	CXSourceLocation at = clang_getLocationForOffset(lint_tu(st->ctx), f, e.off);
	CXSourceRange r = clang_getRange(at, clang_getLocationForOffset(lint_tu(st->ctx), f, e.end));

	name = clang_getCursorSpelling(c);
	if (ci.calls == 1 && ci.refs == ci.calls && ci.in_loop)
		fd = lint_report(st->ctx, r, "'%s' is forced inline%s%s%s into a loop: the "
				 "verifier processes its body once per iteration",
				 clang_getCString(name), e.macro ? " through macro '" : "",
				 e.macro ? e.macro->name : "", e.macro ? "'" : "");
	else if (e.macro)
		fd = lint_report(st->ctx, r,
			"'%s' is forced inline through macro '%s': every caller gets its own copy "
			"of the body and the verifier processes each copy", clang_getCString(name),
			e.macro->name);
	else
		fd = lint_report(st->ctx, r,
			"'%s' is forced inline: every caller gets its own copy of the body and the "
			"verifier processes each copy", clang_getCString(name));
	if (fd) {
		lint_set_scope(st->ctx, fd, clang_getCursorExtent(c));
		finding_add_note(fd, "BPF has had real function calls since kernel 4.16 (2017); "
			"always_inline only grows the program and rules out a global function "
			"verified once");
		finding_add_note(fd, "write 'static' without always_inline and let the compiler "
			"choose; if it is called in a loop, consider a global __noinline function");
		char *file = file_name(f);

		if (clang_File_isEqual(f, st->main)) {
			free(file);
			file = strdup(lint_main_path(st->ctx));
		}
		fd->fix.min_kernel = KVER_BPF_CALLS;
		if (ci.calls == 1 && ci.refs == ci.calls && ci.in_loop)
			/* clang inlines the lone call anyway: dropping the attribute changes nothing */
			fix_set_unfixable(&fd->fix, "its one call is in a loop: a global __noinline "
					  "function is verified once; dropping always_inline alone "
					  "changes nothing");
		else if (file)
			add_fix(st, fd, file, t, len, e, has_static(c));
		free(file);
		for (size_t i = 0; i < st->n_protos && !fd->fix.unfixable; i++)
			if (clang_equalLocations(clang_getCursorLocation(st->proto_def[i]),
						 clang_getCursorLocation(c)))
				fix_prototype(st, fd, st->protos[i], &e);
	}
	clang_disposeString(name);
}

static void push_function(struct ai_state *st, CXCursor c)
{
	if (st->n_fns == st->cap_fns) {
		size_t cap = st->cap_fns ? 2 * st->cap_fns : 64;
		CXCursor *v = realloc(st->fns, cap * sizeof(*v));

		if (!v)
			return;
		st->fns = v;
		st->cap_fns = cap;
	}
	st->fns[st->n_fns++] = c;
}

/* Macro definitions (preprocessing comes first), functions, and their calls. */
static void visit(struct lint_ctx *ctx, CXCursor c, CXCursor parent, void *state)
{
	struct ai_state *st = state;
	enum CXCursorKind k = clang_getCursorKind(c);

	if (!st->ctx) {
		st->ctx = ctx;
		st->main = clang_getFile(lint_tu(ctx), lint_main_path(ctx));
		st->calls = call_sites__new();
	}
	if (k == CXCursor_MacroDefinition)
		add_macro(st, c);
	else if (k == CXCursor_FunctionDecl && clang_getCursorKind(parent) == CXCursor_TranslationUnit)
		push_function(st, c);
	else
		call_sites__visit(st->calls, ctx, c);
}

/*
 * A prototype whose definition (reported) is forced inline too is not a
 * finding of its own: the definition's finding drops both (issue 19 saw
 * the same finding twice). A prototype before a plain definition stays.
 */
static bool note_prototype(struct ai_state *st, CXCursor p)
{
	CXCursor def;
	CXFile f;
	const char *t;
	size_t len;
	struct ai_elem e;

	if (clang_Cursor_isNull(p) || clang_isCursorDefinition(p) || st->n_protos == MAX_SEEN)
		return false;
	def = clang_getCursorDefinition(p);
	if (clang_Cursor_isNull(def) ||
	    !lint_location_reported(st->ctx, clang_getCursorLocation(def)) ||
	    !forced_elem(st, def, &f, &t, &len, &e))
		return false;
	st->protos[st->n_protos] = p;
	st->proto_def[st->n_protos++] = def;
	return true;
}

static void finish(struct lint_ctx *ctx, void *state)
{
	struct ai_state *st = state;

	for (size_t i = 0; i < st->n_fns; i++)
		if (!lint_location_reported(ctx, clang_getCursorLocation(st->fns[i])))
			st->fns[i] = clang_getNullCursor();
	for (size_t i = 0; i < st->n_fns; i++)
		if (note_prototype(st, st->fns[i]))
			st->fns[i] = clang_getNullCursor();
	for (size_t i = 0; i < st->n_fns; i++)
		if (!clang_Cursor_isNull(st->fns[i]))
			check_function(st, st->fns[i]);
	call_sites__free(st->calls);
	for (size_t i = 0; i < st->n; i++)
		free(st->m[i].file_name);
	free(st->fns);
}

const struct bpf_rule rule_always_inline = {
	.id = "always-inline",
	.summary = "function forced inline with __always_inline (directly or through a macro)",
	.explanation =
		"BPF programs have supported function calls (BPF-to-BPF calls) since kernel\n"
		"4.16. Forcing a function inline copies its body into every caller: the\n"
		"object grows, the verifier processes one copy per call site, and the\n"
		"function can never become a global function that is verified only once.\n"
		"The advice to mark every BPF function __always_inline dates from before\n"
		"2017; today it only costs verification. Let the compiler decide.\n"
		"\n"
		"Before:\n"
		"    static __always_inline int parse_hdr(struct hdr *h) { ... }\n"
		"    #define statfunc static __always_inline\n"
		"\n"
		"After:\n"
		"    static int parse_hdr(struct hdr *h) { ... }\n"
		"    #define statfunc static\n"
		"\n"
		"A macro defined in the linted file is fixed at its definition; one from a\n"
		"header is reported without an automatic fix. Not reported for a function\n"
		"with a single call site outside loops (nor one never called): clang\n"
		"inlines a lone static call anyway, so the verifier's count is the same\n"
		"(measured on 6.18); a forced-inline caller with several call sites\n"
		"multiplies the copy, and that is reported.",
	.severity = BPF_SEV_WARNING,
	.enabled_by_default = true,
	.fix_lowers_cost = true,
	.min_kernel = KVER_BPF_CALLS,
	.cost_scope = "this function accounts",
	.fix_kernels = (const struct rule_fix_kernel[]){
		{ KVER_BPF_CALLS, "a real call (BPF-to-BPF calls)",
		  "keep always_inline: every function must be inlined there" },
		{ 0 } },
	.kinds = (const enum CXCursorKind[]){ CXCursor_MacroDefinition, CXCursor_FunctionDecl,
					      CXCursor_CallExpr, CXCursor_DeclRefExpr, 0 },
	.state_size = sizeof(struct ai_state),
	.visit = visit,
	.finish = finish,
};
