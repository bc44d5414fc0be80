/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What rules call (lint_ctx.h): locations to findings, NOLINT, severities,
 * and fix edits that follow macros to where the text is really written.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lint/internal.h"

CXTranslationUnit lint_tu(struct lint_ctx *ctx) { return ctx->tu; }
const struct lint_config *lint_config(struct lint_ctx *ctx) { return &ctx->conf->cfg; }
const char *lint_main_path(struct lint_ctx *ctx) { return ctx->main_path; }

unsigned lint_rule_option(struct lint_ctx *ctx)
{
	int i = ctx->rule ? config__rule_index(ctx->rule->id) : -1;

	if (i >= 0 && ctx->conf->rules[i].option)
		return ctx->conf->rules[i].option;
	return ctx->rule ? ctx->rule->option_default : 0;
}

void ctx__expansion(CXSourceLocation loc, CXFile *file, unsigned *line,
		    unsigned *col, unsigned *off)
{
	clang_getExpansionLocation(loc, file, line, col, off);
}

static bool is_main(struct lint_ctx *ctx, CXFile f)
{
	return f && ctx->main_file && clang_File_isEqual(f, ctx->main_file);
}

/*
 * "-I./pkg/" makes clang name a header "./pkg/x.h", "-I/p/./pkg" "/p/./pkg/x.h":
 * drop the "." steps and doubled slashes (".." stays: a symlink may be behind it).
 */
static void drop_dot_steps(char *p)
{
	char *w = p;

	for (const char *r = p; *r;) {
		if (r[0] == '.' && r[1] == '/' && (r == p || r[-1] == '/') && r[2]) {
			r += 2;
			continue;
		}
		if (r[0] == '/' && r[1] == '/') {
			r++;
			continue;
		}
		*w++ = *r++;
	}
	*w = 0;
}

/* The name printed for f: the path as given for the main file. */
static char *file_name(struct lint_ctx *ctx, CXFile f)
{
	CXString s;
	char *copy;

	if (is_main(ctx, f) || !f)
		return strdup(ctx->main_path);
	s = clang_getFileName(f);
	copy = strdup(clang_getCString(s));
	clang_disposeString(s);
	if (copy)	/* "./hot.h" when the main file was given as "a.bpf.c": "hot.h" */
		drop_dot_steps(copy);
	return copy;
}

/* A header matching the filter, or without one, a file of the project's own. */
static bool header_reported(struct lint_ctx *ctx, CXFile f)
{
	CXString s = clang_getFileName(f);
	const char *name = clang_getCString(s);
	bool ok;

	if (ctx->header_re)
		ok = regexec(ctx->header_re, name, 0, NULL, 0) == 0;
	else
		ok = project__owns(ctx->project, name);
	clang_disposeString(s);
	return ok;
}

static bool file_reported(struct lint_ctx *ctx, CXFile f)
{
	bool ok;

	if (!f)
		return false;
	if (is_main(ctx, f))
		return true;
	/* rules ask per cursor: remember the answer for the files seen */
	if (ctx->seen_re != ctx->header_re) {
		ctx->seen_re = ctx->header_re;
		ctx->n_seen = 0;
	}
	for (unsigned i = 0; i < ctx->n_seen; i++)
		if (ctx->seen[i].f == f)
			return ctx->seen[i].ok;
	ok = header_reported(ctx, f);
	if (ctx->n_seen < sizeof(ctx->seen) / sizeof(ctx->seen[0])) {
		ctx->seen[ctx->n_seen].f = f;
		ctx->seen[ctx->n_seen++].ok = ok;
	}
	return ok;
}

/* Like clang-tidy without --system-headers: /usr/include never matches the filter. */
static bool in_system_header(struct lint_ctx *ctx, CXFile f, unsigned off)
{
	return !is_main(ctx, f) &&
	       clang_Location_isInSystemHeader(clang_getLocationForOffset(ctx->tu, f, off));
}

bool lint_location_reported(struct lint_ctx *ctx, CXSourceLocation loc)
{
	CXFile f;
	unsigned off;

	clang_getExpansionLocation(loc, &f, NULL, NULL, &off);
	return file_reported(ctx, f) && !in_system_header(ctx, f, off);
}

static enum bpf_severity rule_severity(struct lint_ctx *ctx)
{
	int i = config__rule_index(ctx->rule->id);

	if (i >= 0 && ctx->conf->rules[i].severity >= 0)
		return (enum bpf_severity)ctx->conf->rules[i].severity;
	return ctx->rule->severity;
}

static char *vformat(const char *fmt, va_list ap)
{
	char *s = NULL;

	return vasprintf(&s, fmt, ap) < 0 ? NULL : s;
}

struct bpf_finding *lint_report(struct lint_ctx *ctx, CXSourceRange range,
				const char *fmt, ...)
{
	unsigned line, col, off, eline, ecol, eoff;
	CXFile f, ef;
	size_t len;
	const char *text;
	struct bpf_finding *fd;
	va_list ap;

	clang_getExpansionLocation(clang_getRangeStart(range), &f, &line, &col, &off);
	clang_getExpansionLocation(clang_getRangeEnd(range), &ef, &eline, &ecol, &eoff);
	if (!file_reported(ctx, f) || in_system_header(ctx, f, off))
		return NULL;
	text = clang_getFileContents(ctx->tu, f, &len);
	if (text && nolint__suppressed(text, len, line, ctx->rule->id))
		return NULL;
	if (!ef || !clang_File_isEqual(f, ef) || eoff < off) {
		eline = line;
		ecol = col;
		eoff = off;
	}
	fd = findings_add(ctx->out);
	if (!fd)
		return NULL;
	fd->rule = ctx->rule->id;
	fd->severity = rule_severity(ctx);
	fd->file = file_name(ctx, f);
	fd->line = line;
	fd->col = col;
	fd->offset = off;
	fd->end_line = eline;
	fd->end_col = ecol;
	fd->end_offset = eoff;
	fd->scope_line = line;
	fd->scope_end_line = eline;
	va_start(ap, fmt);
	fd->message = vformat(fmt, ap);
	va_end(ap);
	if (!fd->file || !fd->message) {
		/* Out of memory: drop it rather than hand back half a finding. */
		free(fd->file);
		free(fd->message);
		ctx->out->n--;
		return NULL;
	}
	return fd;
}

void lint_set_scope(struct lint_ctx *ctx, struct bpf_finding *f,
		    CXSourceRange range)
{
	unsigned first, last;
	CXFile a, b;

	(void)ctx;
	clang_getExpansionLocation(clang_getRangeStart(range), &a, &first, NULL, NULL);
	clang_getExpansionLocation(clang_getRangeEnd(range), &b, &last, NULL, NULL);
	if (a && b && clang_File_isEqual(a, b) && first <= last) {
		f->scope_line = first;
		f->scope_end_line = last;
	}
}

void lint_set_scope_after(struct lint_ctx *ctx, struct bpf_finding *f,
			  unsigned off)
{
	CXFile file = clang_getFile(ctx->tu, lint_main_path(ctx));
	size_t len;
	const char *t = file ? clang_getFileContents(ctx->tu, file, &len) : NULL;
	CXCursor c;

	if (!t)
		return;
	while (off < len && (t[off] == ' ' || t[off] == '\t' || t[off] == '\n' ||
			     t[off] == '\r'))
		off++;
	c = clang_getCursor(ctx->tu, clang_getLocationForOffset(ctx->tu, file, off));
	if (clang_isStatement(clang_getCursorKind(c)))
		lint_set_scope(ctx, f, clang_getCursorExtent(c));
}

/* Name of the macro whose use starts at loc's expansion site. */
static char *macro_name_at(struct lint_ctx *ctx, CXSourceLocation loc)
{
	CXFile f;
	unsigned off;
	size_t len, n = 0;
	const char *text;

	clang_getExpansionLocation(loc, &f, NULL, NULL, &off);
	text = f ? clang_getFileContents(ctx->tu, f, &len) : NULL;
	if (!text || off >= len)
		return strdup("?");
	while (off + n < len && (text[off + n] == '_' || (text[off + n] >= '0' && text[off + n] <= '9') ||
				 ((text[off + n] | 32) >= 'a' && (text[off + n] | 32) <= 'z')))
		n++;
	return n ? strndup(text + off, n) : strdup("?");
}

/*
 * Where the bytes of [start, end) are written: the file itself, or the
 * body of a macro defined in the main file. 0, or 1 when unfixable (the
 * reason is set on f), or a negative errno.
 */
static int edit_site(struct lint_ctx *ctx, struct bpf_finding *f, CXSourceLocation start,
		     CXSourceLocation end, CXFile *file, unsigned *off, unsigned *eoff)
{
	CXFile ef, sf, esf;
	unsigned xoff, xeoff, soff, seoff;

	clang_getExpansionLocation(start, &ef, NULL, NULL, &xoff);
	clang_getSpellingLocation(start, &sf, NULL, NULL, &soff);
	if (sf && ef && clang_File_isEqual(sf, ef) && soff == xoff) {
		clang_getExpansionLocation(end, &esf, NULL, NULL, &xeoff);
		*file = ef;
		*off = xoff;
		*eoff = (esf && clang_File_isEqual(esf, ef) && xeoff >= xoff) ? xeoff : xoff;
		return 0;
	}
	clang_getSpellingLocation(end, &esf, NULL, NULL, &seoff);
	if (sf && is_main(ctx, sf)) {
		*file = sf;
		*off = soff;
		*eoff = (esf && clang_File_isEqual(esf, sf) && seoff >= soff) ? seoff : soff;
		return 0;
	}
	char *macro = macro_name_at(ctx, start);
	char *hdr = sf ? file_name(ctx, sf) : strdup("a header");
	int rc = fix_set_unfixable(&f->fix, "the code comes from macro '%s' defined in %s",
				   macro ? macro : "?", hdr ? hdr : "a header");

	free(macro);
	free(hdr);
	return rc ? rc : 1;
}

int lint_fix_replace(struct lint_ctx *ctx, struct bpf_finding *f,
		     CXSourceRange range, const char *text)
{
	CXFile file;
	unsigned off, eoff;
	int rc;
	char *name;

	if (!f)
		return -EINVAL;
	if (f->fix.unfixable)
		return 0;
	rc = edit_site(ctx, f, clang_getRangeStart(range), clang_getRangeEnd(range),
		       &file, &off, &eoff);
	if (rc)
		return rc < 0 ? rc : 0;
	name = file_name(ctx, file);
	if (!name)
		return -ENOMEM;
	rc = fix_add_edit(&f->fix, name, off, eoff - off, text);
	free(name);
	return rc;
}

int lint_fix_insert(struct lint_ctx *ctx, struct bpf_finding *f,
		    CXSourceLocation loc, const char *text)
{
	return lint_fix_replace(ctx, f, clang_getRange(loc, loc), text);
}

unsigned lint_offset(CXSourceLocation loc)
{
	unsigned off;

	clang_getSpellingLocation(loc, NULL, NULL, NULL, &off);
	return off;
}

const char *lint_file_text(struct lint_ctx *ctx, CXSourceLocation loc, size_t *len)
{
	CXFile f;

	clang_getSpellingLocation(loc, &f, NULL, NULL, NULL);
	*len = 0;
	return f ? clang_getFileContents(ctx->tu, f, len) : NULL;
}

char *lint_range_text(struct lint_ctx *ctx, CXSourceRange range)
{
	CXFile f, ef;
	unsigned off, eoff;
	size_t len;
	const char *text;

	clang_getSpellingLocation(clang_getRangeStart(range), &f, NULL, NULL, &off);
	clang_getSpellingLocation(clang_getRangeEnd(range), &ef, NULL, NULL, &eoff);
	if (!f || !ef || !clang_File_isEqual(f, ef) || eoff < off)
		return NULL;
	text = clang_getFileContents(ctx->tu, f, &len);
	if (!text || eoff > len)
		return NULL;
	return strndup(text + off, eoff - off);
}

unsigned lint_declared(struct lint_ctx *ctx)
{
	if (!ctx->declared_done) {
		ctx->declared = ctx__declared_bits(ctx__declared_scan(ctx->tu) |
						   ctx->pch_declared);
		ctx->declared_done = true;
	}
	return ctx->declared;
}

void ctx__run_rules(struct lint_ctx *ctx, const char *rule_filter)
{
	const struct bpf_rule *on_rules[LINT_MAX_RULES] = { 0 };
	unsigned n = 0;

	for (unsigned i = 0; i < bpf_rules_count && n < LINT_MAX_RULES; i++) {
		const struct bpf_rule *r = bpf_rules[i];
		int idx = config__rule_index(r->id);
		bool on = r->enabled_by_default;

		if (idx >= 0 && ctx->conf->rules[idx].enabled >= 0)
			on = ctx->conf->rules[idx].enabled;
		/* As clang-tidy's -checks: applied over the config, last match wins. */
		if (rule_filter)
			on = lint__globs_apply(rule_filter, strlen(rule_filter), r->id, on);
		if (on)
			on_rules[n++] = r;
	}
	walk__run(ctx, on_rules, n);
	for (unsigned i = 0; i < n; i++)
		target__downgrade(on_rules[i], ctx->out, 0, ctx->conf->cfg.target_kernel);
}

/* Add s to the list v[0..*n) unless it is there; s is taken. */
static void add_unique(char ***v, size_t *n, char *s)
{
	char **grown;

	for (size_t i = 0; s && i < *n; i++)
		if (!strcmp((*v)[i], s)) {
			free(s);
			return;
		}
	grown = s ? realloc(*v, (*n + 1) * sizeof(**v)) : NULL;
	if (!grown) {
		free(s);
		return;
	}
	*v = grown;
	grown[(*n)++] = s;
}

/*
 * The absolute name a unit includes a file by, when a symlink makes it
 * differ from its real path: a fix's trial must lay the fixed bytes over
 * that name too, which is the one the compiler looks up. NULL otherwise.
 */
static char *alias_of(const char *name, const char *real)
{
	char cwd[PATH_MAX], *abs = NULL, *again;

	if (name[0] == '/')
		abs = strdup(name);
	else if (getcwd(cwd, sizeof(cwd)) && asprintf(&abs, "%s/%s", cwd, name) < 0)
		abs = NULL;
	if (!abs || !strcmp(abs, real))
		goto none;
	again = realpath(abs, NULL);	/* it must name the same file */
	if (again && !strcmp(again, real)) {
		free(again);
		return abs;
	}
	free(again);
none:
	free(abs);
	return NULL;
}

static void add_include(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
	struct lint_ctx *ctx = data;
	struct bpf_findings *out = ctx->out;
	CXString s;
	char *real, *alias;

	(void)stack;
	if (!depth || !file_reported(ctx, f) || in_system_header(ctx, f, 0))
		return;
	s = clang_getFileName(f);
	real = realpath(clang_getCString(s), NULL);
	alias = real ? alias_of(clang_getCString(s), real) : NULL;
	clang_disposeString(s);
	add_unique(&out->includes, &out->n_includes, real);
	add_unique(&out->include_aliases, &out->n_include_aliases, alias);
}

void ctx__collect_includes(struct lint_ctx *ctx)
{
	clang_getInclusions(ctx->tu, add_include, ctx);
}
