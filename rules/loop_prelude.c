// SPDX-License-Identifier: GPL-2.0-only
/* The pragmas and #if groups in front of a loop, and the bpf_for head edit (loop_prelude.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules/loop_prelude.h"

struct text {
	const char *t;
	size_t len;
};

enum line_kind { LINE_BLANK, LINE_PRAGMA, LINE_IF, LINE_ELSE, LINE_ENDIF, LINE_CODE };

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

static bool ident(char c)
{
	return c == '_' || (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z');
}

static unsigned line_start(const struct text *x, unsigned off)
{
	while (off > 0 && x->t[off - 1] != '\n')
		off--;
	return off;
}

/* Offset of the '\n' ending the line holding off (or the length). */
static unsigned line_end(const struct text *x, unsigned off)
{
	while (off < x->len && x->t[off] != '\n')
		off++;
	return off;
}

static unsigned skip_blanks(const struct text *x, unsigned i, unsigned end)
{
	while (i < end && blank(x->t[i]))
		i++;
	return i;
}

static bool word_at(const struct text *x, unsigned i, unsigned end, const char *w)
{
	size_t n = strlen(w);

	return i + n <= end && !memcmp(x->t + i, w, n) && (i + n == end || !ident(x->t[i + n]));
}

/* An unroll factor after "unroll": none, or a number above 1 (or a macro). */
static bool factor_unrolls(const struct text *x, unsigned i, unsigned end)
{
	i = skip_blanks(x, i, end);
	if (i < end && x->t[i] == '(')
		i = skip_blanks(x, i + 1, end);
	if (i >= end || x->t[i] < '0' || x->t[i] > '9')
		return true;
	return strtoul(x->t + i, NULL, 0) > 1;
}

/* Does pragma text [i, end) (after "pragma", or a _Pragma string) unroll? */
static bool pragma_unrolls(const struct text *x, unsigned i, unsigned end)
{
	const char *hit;

	i = skip_blanks(x, i, end);
	if (word_at(x, i, end, "unroll"))
		return factor_unrolls(x, i + 6, end);
	if (word_at(x, i, end, "GCC")) {
		i = skip_blanks(x, i + 3, end);
		return word_at(x, i, end, "unroll") && factor_unrolls(x, i + 6, end);
	}
	if (!word_at(x, i, end, "clang"))
		return false;
	i = skip_blanks(x, i + 5, end);
	if (!word_at(x, i, end, "loop"))
		return false;
	return memmem(x->t + i, end - i, "unroll(full", 11) ||
	       memmem(x->t + i, end - i, "unroll(enable", 13) ||
	       ((hit = memmem(x->t + i, end - i, "unroll_count", 12)) &&
		factor_unrolls(x, (unsigned)(hit - x->t) + 12, end));
}

/* _Pragma("...") at i: the offset after it (and its blanks), 0 if none; *unrolls. */
static unsigned pragma_operator(const struct text *x, unsigned i, unsigned end, bool *unrolls)
{
	unsigned s, close;

	if (!word_at(x, i, end, "_Pragma"))
		return 0;
	s = skip_blanks(x, i + 7, end);
	if (s >= end || x->t[s] != '(')
		return 0;
	s = skip_blanks(x, s + 1, end);
	if (s >= end || x->t[s] != '"')
		return 0;
	for (close = s + 1; close < end && x->t[close] != '"'; close++)
		if (x->t[close] == '\\')
			close++;
	*unrolls = pragma_unrolls(x, s + 1, close);
	close = skip_blanks(x, close + 1, end);
	return close < end && x->t[close] == ')' ? skip_blanks(x, close + 1, end) : 0;
}

/* The text [*a, *b) of macro definition def, or NULL. */
static const char *definition_text(struct lint_ctx *ctx, CXCursor def, unsigned *a, unsigned *b)
{
	CXSourceRange r;
	const char *t;
	size_t len;

	if (clang_getCursorKind(def) != CXCursor_MacroDefinition)
		return NULL;
	r = clang_getCursorExtent(def);
	t = lint_file_text(ctx, clang_getRangeStart(r), &len);
	clang_getSpellingLocation(clang_getRangeStart(r), NULL, NULL, NULL, a);
	clang_getSpellingLocation(clang_getRangeEnd(r), NULL, NULL, NULL, b);
	return t && *b <= len && *b > *a ? t : NULL;
}

/* Is name a macro whose whole body is _Pragma(#PARAM)? (bpf_compiler.h's DO_PRAGMA_) */
static bool stringizing_pragma(struct lint_ctx *ctx, const char *name)
{
	unsigned a, b;
	struct text d;
	const char *hit;

	d.t = definition_text(ctx, lint_macro_definition(ctx, name), &a, &b);
	if (!d.t || !(hit = memmem(d.t + a, b - a, "_Pragma", 7)))
		return false;
	d.len = b;
	a = skip_blanks(&d, (unsigned)(hit - d.t) + 7, b);
	if (a >= b || d.t[a] != '(')
		return false;
	a = skip_blanks(&d, a + 1, b);
	return a < b && d.t[a] == '#';
}

/*
 * The body [a, b) of a macro definition is a pragma: _Pragma("..."), or
 * WRAP(text) where WRAP is _Pragma(#x) (the kernel selftests'
 * DO_PRAGMA_(clang loop unroll(disable))). *unrolls as the pragma says.
 */
static bool pragma_body(struct lint_ctx *ctx, const struct text *d, unsigned a, unsigned b,
			bool *unrolls)
{
	const char *hit = memmem(d->t + a, b - a, "_Pragma", 7);
	unsigned name, open, close, after;
	char wrap[128];

	if (hit) {
		after = pragma_operator(d, (unsigned)(hit - d->t), b, unrolls);
		return after && after == skip_blanks(d, after, b);
	}
	/* the definition's text starts with the defined name */
	for (name = skip_blanks(d, a, b); name < b && ident(d->t[name]); name++)
		;
	for (name = skip_blanks(d, name, b), open = name; open < b && ident(d->t[open]); open++)
		;
	if (open == name || open - name >= sizeof(wrap) || open >= b || d->t[open] != '(')
		return false;
	for (close = b; close > open && d->t[close - 1] != ')'; close--)
		;
	if (close <= open + 1 || skip_blanks(d, close, b) != b)
		return false;
	snprintf(wrap, sizeof(wrap), "%.*s", (int)(open - name), d->t + name);
	if (!stringizing_pragma(ctx, wrap))
		return false;
	*unrolls = pragma_unrolls(d, open + 1, close - 1);
	return true;
}

/*
 * A line holding only a macro use whose definition is a pragma: *unrolls.
 * In a branch this build skips there is no expansion to follow: the
 * unit's definition of the name stands in (strobemeta.h's
 * __pragma_loop_no_unroll under #ifdef NO_UNROLL).
 */
static bool pragma_macro_line(struct lint_ctx *ctx, const struct text *x, unsigned i,
			      unsigned end, bool *unrolls)
{
	CXTranslationUnit tu = lint_tu(ctx);
	CXCursor def;
	struct text d;
	unsigned a, b, e = i;
	char name[128];

	while (e < end && ident(x->t[e]))
		e++;
	if (e == i || skip_blanks(x, e, end) != end)
		return false;
	if (loop__macro_at(ctx, i)) {
		def = clang_getCursorReferenced(clang_getCursor(tu,
				clang_getRangeStart(loop__range(ctx, i, i))));
	} else if (e - i < sizeof(name)) {
		snprintf(name, sizeof(name), "%.*s", (int)(e - i), x->t + i);
		def = lint_macro_definition(ctx, name);
	} else {
		return false;
	}
	d.t = definition_text(ctx, def, &a, &b);
	d.len = b;
	return d.t && pragma_body(ctx, &d, a, b, unrolls);
}

/* What the line [b, e) is to a prelude; *unrolls for pragma lines. */
static enum line_kind line_kind(struct lint_ctx *ctx, const struct text *x, unsigned b,
				unsigned e, bool *unrolls)
{
	unsigned i = skip_blanks(x, b, e), after;

	*unrolls = false;
	if (i == e || (i + 1 < e && x->t[i] == '/' && x->t[i + 1] == '/'))
		return LINE_BLANK;
	if (x->t[i] == '#') {
		i = skip_blanks(x, i + 1, e);
		if (word_at(x, i, e, "pragma")) {
			*unrolls = pragma_unrolls(x, i + 6, e);
			return LINE_PRAGMA;
		}
		if (word_at(x, i, e, "if") || word_at(x, i, e, "ifdef") || word_at(x, i, e, "ifndef"))
			return LINE_IF;
		if (word_at(x, i, e, "else") || word_at(x, i, e, "elif") ||
		    word_at(x, i, e, "elifdef") || word_at(x, i, e, "elifndef"))
			return LINE_ELSE;
		return word_at(x, i, e, "endif") ? LINE_ENDIF : LINE_CODE;
	}
	after = pragma_operator(x, i, e, unrolls);
	if (after && after == e)
		return LINE_PRAGMA;
	return pragma_macro_line(ctx, x, i, e, unrolls) ? LINE_PRAGMA : LINE_CODE;
}

static void add_cut(struct loop_prelude *p, unsigned off, unsigned end)
{
	if (p->n_cuts == LOOP_PRELUDE_MAX_CUTS) {
		p->why_not = "more unrolling pragmas in front of the loop than a fix handles";
		return;
	}
	p->cut_off[p->n_cuts] = off;
	p->cut_end[p->n_cuts++] = end;
}

/* _Pragma operators before the loop on its own line; false if other code is there. */
static bool same_line_pragmas(const struct text *x, unsigned i, unsigned loop,
			      struct loop_prelude *p)
{
	while (i < loop) {
		bool unrolls;
		unsigned after = pragma_operator(x, i, loop, &unrolls);

		if (!after)
			return false;
		if (unrolls)
			add_cut(p, i, after);
		i = after;
	}
	return true;
}

/*
 * Is there a pragma in the rest of the #if group being walked (depth
 * levels up from cur)? Such a pragma must be followed by the loop in its
 * variant, and the group also holds code, so no line can go above it.
 */
static bool pragma_above_in_group(struct lint_ctx *ctx, const struct text *x, unsigned cur,
				  unsigned depth)
{
	while (cur > 0 && depth > 0) {
		unsigned b = line_start(x, cur - 1);
		bool unrolls;
		enum line_kind k = line_kind(ctx, x, b, line_end(x, b), &unrolls);

		if (k == LINE_PRAGMA)
			return true;
		depth += k == LINE_ENDIF;
		depth -= k == LINE_IF;
		cur = b;
	}
	return false;
}

/*
 * Walk up from the loop's line over pragma lines and whole #if groups of
 * pragma lines; the prelude starts at the last line of either.
 */
static void walk_up(struct lint_ctx *ctx, const struct text *x, unsigned cur,
		    struct loop_prelude *p)
{
	unsigned depth = 0, kept = p->n_cuts;
	bool group_pragmas = false;

	while (cur > 0) {
		/* the line [b, next) with its '\n'; its kind from the text before it */
		unsigned next = cur, b = line_start(x, cur - 1);
		bool unrolls;
		enum line_kind k = line_kind(ctx, x, b, line_end(x, b), &unrolls);

		if (b >= 2 && x->t[b - 2] == '\\')
			break;	/* continues a line above */
		if (k == LINE_CODE || (k == LINE_ELSE && depth == 0) || (k == LINE_IF && depth == 0))
			break;
		cur = b;
		if (k == LINE_PRAGMA && unrolls)
			add_cut(p, b, next);
		group_pragmas |= k == LINE_PRAGMA && depth > 0;
		depth += k == LINE_ENDIF;
		depth -= k == LINE_IF;
		if (depth == 0 && k != LINE_BLANK) {
			p->start = b;
			kept = p->n_cuts;
			group_pragmas = false;
		}
	}
	if (depth > 0 && (group_pragmas || pragma_above_in_group(ctx, x, cur, depth)))
		p->why_not = "an #if group in front of the loop holds a loop pragma and other "
			     "code: a declaration cannot go between the pragma and the loop; "
			     "move the pragma next to the loop in each branch";
	if (p->n_cuts > kept)
		p->n_cuts = kept;
}

/* An #else/#elif/#endif inside the loop without its #if (*in_branch: the
 * header ends a branch), or an #if line in its header. */
static const char *split_by_branch(const struct text *x, const struct loop *l, unsigned header_end,
				   bool *in_branch)
{
	int depth = 0;

	for (unsigned b = line_start(x, l->off); b < l->end_off && b < x->len;) {
		unsigned e = line_end(x, b), i = skip_blanks(x, b, e);
		bool dir = i < e && x->t[i] == '#';

		if (dir && b > l->off && b < header_end)
			return "a preprocessor line inside the loop header: each variant needs "
			       "its own rewrite";
		if (dir) {
			i = skip_blanks(x, i + 1, e);
			if (word_at(x, i, e, "if") || word_at(x, i, e, "ifdef") || word_at(x, i, e, "ifndef"))
				depth++;
			else if (word_at(x, i, e, "endif") || word_at(x, i, e, "else") ||
				 word_at(x, i, e, "elif")) {
				if (depth == 0) {
					*in_branch = true;
					return "an #if branch ends inside the loop: the loop differs "
					       "per build variant";
				}
				depth -= word_at(x, i, e, "endif");
			}
		}
		b = e + 1;
	}
	return depth ? "an #if inside the loop ends after it: the loop differs per build variant"
		     : NULL;
}

static bool main_text(struct lint_ctx *ctx, const struct loop *l, struct text *x)
{
	x->t = lint_file_text(ctx, clang_getRangeStart(loop__range(ctx, l->off, l->off)), &x->len);
	return x->t && l->end_off <= x->len;
}

/* The header's ';' ';' ')' as written: not produced by a macro. */
static bool header_written_out(const struct text *x, const struct loop *l)
{
	return x->t[l->semi1] == ';' && x->t[l->semi2] == ';' && x->t[l->rparen] == ')';
}

static void find(struct lint_ctx *ctx, const struct loop *l, unsigned header_end,
		 struct loop_prelude *p)
{
	struct text x;
	unsigned ls, first;

	memset(p, 0, sizeof(*p));
	p->start = l->off;
	if (!main_text(ctx, l, &x)) {
		p->why_not = "the loop's file text is not available";
		return;
	}
	if (l->kind == LOOP_FOR && !header_written_out(&x, l)) {
		p->why_not = "the loop header comes from a macro: rewrite the macro by hand";
		return;
	}
	p->why_not = split_by_branch(&x, l, header_end, &p->header_in_branch);
	if (p->why_not)
		return;
	ls = line_start(&x, l->off);
	first = skip_blanks(&x, ls, l->off);
	if (!same_line_pragmas(&x, first, l->off, p))
		return;	/* code before the loop on its line: no line can go above it */
	p->start = ls;
	p->at_line_start = true;
	walk_up(ctx, &x, ls, p);
}

void loop_prelude__find(struct lint_ctx *ctx, const struct loop *l, struct loop_prelude *p)
{
	find(ctx, l, l->kind == LOOP_FOR ? l->rparen + 1 : l->off, p);
}

static bool cut_away(const struct loop_prelude *p, unsigned off)
{
	for (unsigned i = 0; i < p->n_cuts; i++)
		if (off >= p->cut_off[i] && off < p->cut_end[i])
			return true;
	return false;
}

/* One level more for every line of [from, to) but blank ones, #-lines in
 * column 0 and the pragmas cut away. */
static void reindent(struct lint_ctx *ctx, struct bpf_finding *f, const struct text *x,
		     const struct loop_prelude *p, unsigned from, unsigned to, unsigned skip_at)
{
	for (unsigned b = line_start(x, from); b < to;) {
		unsigned e = line_end(x, b), i = skip_blanks(x, b, e);

		if (i < e && x->t[b] != '#' && i != skip_at && !cut_away(p, i))
			lint_fix_insert(ctx, f, clang_getRangeStart(loop__range(ctx, i, i)), "\t");
		b = e + 1;
	}
}

/* The '}' closing the block wrapped around the loop: on a line of its own when it can. */
static void close_block(struct lint_ctx *ctx, struct bpf_finding *f, const struct text *x,
			const struct loop *l, const char *ind)
{
	unsigned end = skip_blanks(x, l->end_off, (unsigned)x->len), e;
	char *line = NULL;

	if (end < x->len && x->t[end] == ';')	/* a body without braces ends at its ';' */
		end++;
	e = skip_blanks(x, end, (unsigned)x->len);
	if (e < x->len && x->t[e] == '\n' && asprintf(&line, "%s}\n", ind) >= 0)
		lint_fix_insert(ctx, f, clang_getRangeStart(loop__range(ctx, e + 1, e + 1)), line);
	else
		lint_fix_insert(ctx, f, clang_getRangeStart(loop__range(ctx, end, end)), "\n}");
	free(line);
}

/*
 * The declaration (and with wrap the '{') as lines above the prelude's
 * first line. Inserted after that line's indentation, which the engine
 * repeats on the lines it adds, so that an edit at the line start (the
 * '}' closing a loop wrapped just above) does not collide; a line in
 * column 0 (an #if) or a pragma cut away gets the loop's indentation
 * written out at the line start. Returns the
 * offset of the line's first character, which reindent() leaves alone.
 */
static int insert_decl(struct lint_ctx *ctx, struct bpf_finding *f, const struct text *x,
		       const struct loop_prelude *p, const char *ind, const char *decl,
		       bool wrap, unsigned *at)
{
	unsigned own = skip_blanks(x, p->start, line_end(x, p->start));
	size_t repeated = own - p->start;	/* the engine adds it to continuation lines */
	char *text = NULL;
	int rc = -1;

	if (cut_away(p, own))	/* the line goes: insert before it, at its start */
		own = p->start;
	*at = own;
	if (repeated > strlen(ind))
		repeated = strlen(ind);
	if (own == p->start && (wrap ? asprintf(&text, "%s{\n%s\t%s\n", ind, ind + repeated, decl)
				     : asprintf(&text, "%s%s\n", ind, decl)) < 0)
		return -1;
	if (own > p->start && (wrap ? asprintf(&text, "{\n\t%s\n\t", decl)
				    : asprintf(&text, "%s\n", decl)) < 0)
		return -1;
	rc = lint_fix_insert(ctx, f, clang_getRangeStart(loop__range(ctx, own, own)), text);
	free(text);
	return rc;
}

/*
 * Does a statement of a block end just before off (';', '{' or '}', or a
 * comment)? A loop with a pragma is an AttributedStmt, which libclang does
 * not expose, so its parent says nothing; after ')' (if, for), "else" or
 * a label, a declaration needs a block of its own.
 */
static bool after_statement(const struct text *x, unsigned off)
{
	while (off > 0 && (blank(x->t[off - 1]) || x->t[off - 1] == '\n'))
		off--;
	return off == 0 || strchr(";{}/", x->t[off - 1]);
}

/*
 * A header that ends an #if branch, the body shared by every variant
 * (pyperf.h: #ifdef USE_ITER / bpf_for(i, 0, N) { / #else / for (...) { /
 * #endif): only the header may change, in its branch. The counter is
 * declared by a one-pass for around the new loop: one statement, so the
 * pragmas in front (in other #if groups) keep a loop to follow.
 */
static int rewrite_in_branch(struct lint_ctx *ctx, struct bpf_finding *f,
			     const struct loop *l, unsigned header_end,
			     const char *decl, const char *head)
{
	size_t n = decl ? strlen(decl) : 0;
	char *text = NULL;
	int rc;

	if (!decl)
		rc = asprintf(&text, "%s", head);
	else if (n < 2 || decl[n - 1] != ';' || strchr(decl, ',') || strchr(decl, '='))
		rc = -1;
	else
		rc = asprintf(&text, "for (%.*s = 0, ___bpf_fix_once = 1; ___bpf_fix_once; "
			      "___bpf_fix_once = 0) %s", (int)n - 1, decl, head);
	if (rc >= 0)
		rc = lint_fix_replace(ctx, f, loop__range(ctx, l->off, header_end), text);
	free(text);
	return rc;
}

int loop_prelude__rewrite_head(struct lint_ctx *ctx, struct bpf_finding *f,
			       const struct loop *l, unsigned header_end,
			       const char *decl, const char *head, bool wrap)
{
	struct loop_prelude p;
	struct text x;
	char *ind = NULL, *text = NULL;
	unsigned first = ~0u;
	int rc = -1;

	find(ctx, l, header_end, &p);
	if (p.header_in_branch && !rewrite_in_branch(ctx, f, l, header_end, decl, head))
		return 0;
	if (p.why_not || !main_text(ctx, l, &x)) {
		fix_set_unfixable(&f->fix, "%s", p.why_not ? p.why_not : "no file text");
		return -1;
	}
	if (clang_getCursorKind(l->parent) == CXCursor_UnexposedStmt &&
	    !after_statement(&x, p.at_line_start ? p.start
			     : (p.n_cuts ? p.cut_off[0] : l->off)))
		wrap = true;
	wrap = wrap && decl;
	ind = loop__indent(ctx, l->off);
	for (unsigned i = 0; i < p.n_cuts; i++)
		lint_fix_replace(ctx, f, loop__range(ctx, p.cut_off[i], p.cut_end[i]), "");
	if (!decl || p.at_line_start)
		rc = asprintf(&text, "%s", head);
	else if (wrap)	/* code before the loop on its line: all of it at the loop */
		rc = asprintf(&text, "{\n\t%s\n\t%s", decl, head);
	else
		rc = asprintf(&text, "%s\n%s", decl, head);
	if (!ind || rc < 0 ||
	    (decl && p.at_line_start && insert_decl(ctx, f, &x, &p, ind, decl, wrap, &first)))
		goto out;
	rc = lint_fix_replace(ctx, f, loop__range(ctx, l->off, header_end), text);
	if (wrap) {
		reindent(ctx, f, &x, &p, p.at_line_start ? p.start : line_end(&x, l->off) + 1,
			 l->end_off, first);
		close_block(ctx, f, &x, l, ind);
	}
out:
	free(ind);
	free(text);
	return rc;
}
