/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pragma-unroll: #pragma unroll [N], #pragma clang loop unroll(full|enable)
 * / unroll_count(N), #pragma GCC unroll N and their _Pragma("...") forms.
 * Pragmas are not cursors in libclang, so this scans the file text,
 * skipping comments, strings and preprocessor-skipped (#if 0) regions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules/rule.h"
#include "lint/lint_ctx.h"

struct pscan {
	struct lint_ctx *ctx;
	CXFile file;
	const char *t;
	size_t len;
	CXSourceRangeList *skipped;
};

/* What a pragma asks for: nothing, the whole pragma, or some clang loop options. */
struct unroll_req {
	bool hit;
	bool whole;              /* remove the whole pragma */
	unsigned opt_off[4], opt_end[4]; /* else these options (offsets in text) */
	unsigned n_opts;
	bool to_eol;             /* a comment follows the pragma */
	bool macro;              /* what is a header macro's name */
	char what[64];
};

static bool ident_char(char c)
{
	return c == '_' || (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z');
}

static unsigned skip_blank(const char *t, unsigned i, unsigned end)
{
	while (i < end && (t[i] == ' ' || t[i] == '\t' || (t[i] == '\\' && i + 1 < end &&
								t[i + 1] == '\n')))
		i += t[i] == '\\' ? 2 : 1;
	return i;
}

/* The word at i (identifier or number); its end. */
static unsigned word_end(const char *t, unsigned i, unsigned end)
{
	while (i < end && ident_char(t[i]))
		i++;
	return i;
}

static bool word_is(const char *t, unsigned s, unsigned e, const char *w)
{
	return e - s == strlen(w) && !memcmp(t + s, w, e - s);
}

/* Unroll factor after "unroll": none = full, "N" or "(N)"; 1 and 0 mean no unrolling. */
static bool factor_unrolls(const char *t, unsigned i, unsigned end)
{
	unsigned long n;

	i = skip_blank(t, i, end);
	if (i < end && t[i] == '(')
		i = skip_blank(t, i + 1, end);
	if (i >= end || t[i] < '0' || t[i] > '9')
		return true;
	n = strtoul(t + i, NULL, 0);
	return n > 1;
}

/* #pragma clang loop OPTION(ARG) ...: mark unroll(full|enable), unroll_count(N>1 or a macro). */
static void clang_loop(const char *t, unsigned i, unsigned end, struct unroll_req *r)
{
	unsigned n_opts = 0;

	for (i = skip_blank(t, i, end); i < end; i = skip_blank(t, i, end)) {
		unsigned s = i, e = word_end(t, i, end), a, ae, close;

		if (e == s || e >= end || t[e] != '(')
			break;
		close = e;
		while (close < end && t[close] != ')')
			close++;
		a = skip_blank(t, e + 1, close);
		ae = word_end(t, a, close);
		n_opts++;
		bool bad = (word_is(t, s, e, "unroll") &&
			    (word_is(t, a, ae, "full") || word_is(t, a, ae, "enable"))) ||
			   /* a macro count (clang expands it) unrolls like a number */
			   (word_is(t, s, e, "unroll_count") && factor_unrolls(t, e, close));

		if (bad && r->n_opts < 4) {
			r->opt_off[r->n_opts] = s;
			r->opt_end[r->n_opts++] = skip_blank(t, close + 1, end);
			snprintf(r->what, sizeof(r->what), "clang loop %.*s", (int)(close + 1 - s), t + s);
		}
		i = close + 1;
	}
	r->hit = r->n_opts > 0;
	r->whole = r->n_opts == n_opts;
}

/* Length of t[s, end) without trailing blanks, for messages. */
static unsigned trimmed(const char *t, unsigned s, unsigned end)
{
	while (end > s && (t[end - 1] == ' ' || t[end - 1] == '\t' || t[end - 1] == '\r'))
		end--;
	return end - s;
}

/* Classify pragma text t[i, end) (after "pragma" or inside _Pragma's string). */
static void classify(const char *t, unsigned i, unsigned end, struct unroll_req *r)
{
	unsigned s = skip_blank(t, i, end), e = word_end(t, s, end);

	memset(r, 0, sizeof(*r));
	r->whole = true;
	if (word_is(t, s, e, "unroll")) {
		r->hit = factor_unrolls(t, e, end);
		snprintf(r->what, sizeof(r->what), "%.*s", (int)trimmed(t, s, end), t + s);
	} else if (word_is(t, s, e, "GCC")) {
		s = skip_blank(t, e, end);
		e = word_end(t, s, end);
		r->hit = word_is(t, s, e, "unroll") && factor_unrolls(t, e, end);
		snprintf(r->what, sizeof(r->what), "GCC %.*s", (int)trimmed(t, s, end), t + s);
	} else if (word_is(t, s, e, "clang")) {
		s = skip_blank(t, e, end);
		e = word_end(t, s, end);
		if (word_is(t, s, e, "loop"))
			clang_loop(t, e, end, r);
	}
}

static bool in_skipped(struct pscan *p, unsigned off)
{
	for (unsigned i = 0; p->skipped && i < p->skipped->count; i++) {
		unsigned a, b;

		clang_getSpellingLocation(clang_getRangeStart(p->skipped->ranges[i]), NULL, NULL, NULL, &a);
		clang_getSpellingLocation(clang_getRangeEnd(p->skipped->ranges[i]), NULL, NULL, NULL, &b);
		if (off >= a && off < b)
			return true;
	}
	return false;
}

static CXSourceRange span(struct pscan *p, unsigned a, unsigned b)
{
	CXTranslationUnit tu = lint_tu(p->ctx);

	return clang_getRange(clang_getLocationForOffset(tu, p->file, a),
			      clang_getLocationForOffset(tu, p->file, b));
}

/* [start, end) widened to whole lines when nothing else is on them. */
static void widen_to_line(const char *t, size_t len, unsigned *start, unsigned *end)
{
	unsigned a = *start, b = *end;

	while (a > 0 && (t[a - 1] == ' ' || t[a - 1] == '\t'))
		a--;
	while (b < len && (t[b] == ' ' || t[b] == '\t'))
		b++;
	if ((a == 0 || t[a - 1] == '\n') && (b == len || t[b] == '\n' || t[b] == '\r')) {
		if (b < len && t[b] == '\r')
			b++;
		if (b < len)
			b++;
		*start = a;
		*end = b;
	} else if (b == len || t[b] == '\n' || t[b] == '\r') {
		*start = a;  /* at a line end: take the blanks before it instead */
	} else {
		*end = b;
	}
}

/* Report [at, end); a whole-pragma fix removes [at, cut) widened to its line. */
static void report(struct pscan *p, unsigned at, unsigned end, unsigned cut,
		   const struct unroll_req *r, bool is_operator)
{
	char what[128];

	if (r->macro)
		snprintf(what, sizeof(what), "'%s' (a macro expanding to an unrolling _Pragma)", r->what);
	else if (is_operator)
		snprintf(what, sizeof(what), "'_Pragma(\"%s\")'", r->what);
	else
		snprintf(what, sizeof(what), "'#pragma %s'", r->what);
	struct bpf_finding *f = lint_report(p->ctx, span(p, at, end),
		"%s copies the loop body once per iteration: the verifier processes every "
		"copy and the program grows", what);
	const char *file = lint_main_path(p->ctx);

	if (!f)
		return;
	lint_set_scope_after(p->ctx, f, end);
	finding_add_note(f, "the verifier has accepted bounded loops since kernel 5.3; remove "
		"the pragma, and for a long constant loop write bpf_for(i, 0, N) (6.4), whose "
		"body is verified once");
	f->fix.min_kernel = KVER_BOUNDED_LOOPS;
	if (r->whole) {
		unsigned a = at, b = cut;

		widen_to_line(p->t, p->len, &a, &b);
		fix_add_edit(&f->fix, file, a, b - a, "");
	} else {
		for (unsigned i = 0; i < r->n_opts; i++)
			fix_add_edit(&f->fix, file, r->opt_off[i], r->opt_end[i] - r->opt_off[i], "");
	}
}

/* "#pragma ..." at i (the '#'); returns the end of the line. */
static unsigned directive(struct pscan *p, unsigned i)
{
	const char *t = p->t;
	unsigned end = i, s, e;
	struct unroll_req r;

	while (end < p->len && (t[end] != '\n' || t[end - 1] == '\\'))
		end++;
	s = skip_blank(t, i + 1, end);
	e = word_end(t, s, end);
	if (!word_is(t, s, e, "pragma"))
		return e; /* keep scanning: a #define may hold _Pragma */
	unsigned stop = end;
	const char *cm = memmem(t + e, end - e, "//", 2), *cb = memmem(t + e, end - e, "/*", 2);

	if (cm)
		stop = (unsigned)(cm - t);
	if (cb && (unsigned)(cb - t) < stop)
		stop = (unsigned)(cb - t);
	classify(t, e, stop, &r);
	while (stop > e && (t[stop - 1] == ' ' || t[stop - 1] == '\t'))
		stop--;
	/* A comment after the pragma is about it: the whole line goes. */
	r.to_eol = stop < end;
	if (r.hit)
		report(p, i, stop, r.to_eol ? end : stop, &r, false);
	return end;
}

/* _Pragma("...") at i; returns the offset after it. */
static unsigned operator(struct pscan *p, unsigned i)
{
	const char *t = p->t;
	unsigned j = skip_blank(t, i + 7, p->len), s, close;
	struct unroll_req r;

	if (j >= p->len || t[j] != '(')
		return i + 7;
	s = skip_blank(t, j + 1, p->len);
	if (s >= p->len || t[s] != '"')
		return i + 7;
	for (close = s + 1; close < p->len && t[close] != '"' && t[close] != '\n'; close++)
		if (t[close] == '\\')
			close++;
	classify(t, s + 1, close, &r);
	unsigned after = skip_blank(t, close + 1, p->len);

	if (after < p->len && t[after] == ')')
		after++;
	if (r.hit) {
		/* Options are offsets inside the string: removing them keeps it valid. */
		report(p, i, after, after, &r, true);
	}
	return after;
}

static void scan(struct pscan *p)
{
	const char *t = p->t;
	bool line_start = true;

	for (unsigned i = 0; i < p->len;) {
		char c = t[i];

		if (c == '/' && i + 1 < p->len && t[i + 1] == '*') {
			const char *e = memmem(t + i + 2, p->len - i - 2, "*/", 2);

			i = e ? (unsigned)(e - t) + 2 : p->len;
		} else if (c == '/' && i + 1 < p->len && t[i + 1] == '/') {
			while (i < p->len && t[i] != '\n')
				i++;
		} else if (c == '"' || c == '\'') {
			for (i++; i < p->len && t[i] != c && t[i] != '\n'; i++)
				if (t[i] == '\\')
					i++;
			i++;
			line_start = false;
		} else if (c == '#' && line_start) {
			i = in_skipped(p, i) ? i + 1 : directive(p, i);
			line_start = false;
		} else if (c == '_' && (i == 0 || !ident_char(t[i - 1])) && i + 7 <= p->len &&
			   !memcmp(t + i, "_Pragma", 7) && (i + 7 == p->len || !ident_char(t[i + 7]))) {
			i = in_skipped(p, i) ? i + 7 : operator(p, i);
			line_start = false;
		} else {
			if (c == '\n')
				line_start = true;
			else if (c != ' ' && c != '\t')
				line_start = false;
			i++;
		}
	}
}

/* The replacement list of macro definition def holds an unrolling _Pragma. */
static bool macro_unrolls(struct lint_ctx *ctx, CXCursor def, struct unroll_req *r)
{
	CXSourceRange ext = clang_getCursorExtent(def);
	CXFile f;
	unsigned a, b;
	size_t len;
	const char *t, *hit;

	clang_getSpellingLocation(clang_getRangeStart(ext), &f, NULL, NULL, &a);
	clang_getSpellingLocation(clang_getRangeEnd(ext), NULL, NULL, NULL, &b);
	t = f ? clang_getFileContents(lint_tu(ctx), f, &len) : NULL;
	if (!t || b > len || b <= a || !(hit = memmem(t + a, b - a, "_Pragma", 7)))
		return false;
	unsigned s = (unsigned)(hit - t) + 7;

	while (s < b && (t[s] == ' ' || t[s] == '(' || t[s] == '\t'))
		s++;
	if (s >= b || t[s] != '"')
		return false;
	unsigned close = s + 1;

	while (close < b && t[close] != '"')
		close++;
	classify(t, s + 1, close, r);
	return r->hit && r->whole;
}

/*
 * A macro from a header that expands to an unrolling _Pragma, used in the
 * main file: report the use, and the fix drops the use.
 */
static enum CXChildVisitResult visit_expansion(CXCursor c, CXCursor parent, CXClientData d)
{
	struct pscan *p = d;
	struct unroll_req r;
	CXFile f, df;
	unsigned a;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_MacroExpansion)
		return CXChildVisit_Continue;
	clang_getSpellingLocation(clang_getCursorLocation(c), &f, NULL, NULL, &a);
	if (!f || !clang_File_isEqual(f, p->file))
		return CXChildVisit_Continue;
	CXCursor def = clang_getCursorReferenced(c);

	if (clang_Cursor_isNull(def))
		return CXChildVisit_Continue;
	clang_getSpellingLocation(clang_getCursorLocation(def), &df, NULL, NULL, NULL);
	if (!df || clang_File_isEqual(df, p->file) || !macro_unrolls(p->ctx, def, &r))
		return CXChildVisit_Continue;
	CXString name = clang_getCursorSpelling(c);
	unsigned end = a + (unsigned)strlen(clang_getCString(name));

	snprintf(r.what, sizeof(r.what), "%s", clang_getCString(name));
	r.macro = true;
	clang_disposeString(name);
	report(p, a, end, end, &r, false);
	return CXChildVisit_Continue;
}

/* The unit's macro expansions, kept by the walk for finish(). */
struct state {
	CXCursor *exp;
	size_t n, cap;
};

static void visit(struct lint_ctx *ctx, CXCursor c, CXCursor parent, void *state)
{
	struct state *st = state;

	(void)ctx;
	(void)parent;
	if (st->n == st->cap) {
		size_t cap = st->cap ? 2 * st->cap : 256;
		CXCursor *v = realloc(st->exp, cap * sizeof(*v));

		if (!v)
			return;
		st->exp = v;
		st->cap = cap;
	}
	st->exp[st->n++] = c;
}

/* The pragmas written in the main file, then the header macros that unroll. */
static void finish(struct lint_ctx *ctx, void *state)
{
	struct state *st = state;
	struct pscan p = { .ctx = ctx };

	p.file = clang_getFile(lint_tu(ctx), lint_main_path(ctx));
	p.t = p.file ? clang_getFileContents(lint_tu(ctx), p.file, &p.len) : NULL;
	if (p.t) {
		p.skipped = clang_getSkippedRanges(lint_tu(ctx), p.file);
		scan(&p);
		for (size_t i = 0; i < st->n; i++)
			visit_expansion(st->exp[i], clang_getNullCursor(), &p);
		clang_disposeSourceRangeList(p.skipped);
	}
	free(st->exp);
}

const struct bpf_rule rule_pragma_unroll = {
	.id = "pragma-unroll",
	.summary = "loop unrolled with #pragma unroll / clang loop unroll / GCC unroll",
	.explanation =
		"Unrolling pragmas date from before kernel 5.3, when the verifier rejected\n"
		"every backward jump. Today they make the compiler copy the loop body once\n"
		"per iteration: the program grows and the verifier processes every copy.\n"
		"A plain bounded loop is accepted since 5.3, and bpf_for() (6.4) lets the\n"
		"verifier check the body once however many iterations it has.\n"
		"Not reported: unroll(disable), nounroll, unroll 1, vectorize options.\n"
		"\n"
		"Before:\n"
		"    #pragma unroll\n"
		"    for (int i = 0; i < 16; i++)\n"
		"        sum += buf[i];\n"
		"\n"
		"After:\n"
		"    for (int i = 0; i < 16; i++)\n"
		"        sum += buf[i];\n",
	.severity = BPF_SEV_WARNING,
	.enabled_by_default = true,
	.fix_lowers_cost = true,
	.min_kernel = KVER_BOUNDED_LOOPS,
	.cost_scope = "this loop accounts",
	.fix_kernels = (const struct rule_fix_kernel[]){
		{ KVER_BOUNDED_LOOPS, "a loop without the pragma (a bounded loop)",
		  "keep the pragma: older verifiers reject every loop" },
		{ 0 } },
	.kinds = (const enum CXCursorKind[]){ CXCursor_MacroExpansion, 0 },
	.state_size = sizeof(struct state),
	.visit = visit,
	.finish = finish,
};
