/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What a rule may use: the parsed unit, the configuration, and the
 * reporting/fix helpers that turn libclang ranges into findings.
 * Implemented by lint/lint.c; rules include nothing else from lint/.
 */
#ifndef BPF_LINT_CTX_H
#define BPF_LINT_CTX_H

#include <clang-c/Index.h>
#include "lint/finding.h"

struct lint_ctx;

struct lint_config {
	unsigned target_kernel;  /* KVER(); fixes needing newer are downgraded */
};

/* The parsed translation unit. */
CXTranslationUnit lint_tu(struct lint_ctx *ctx);
/* Effective configuration for the file being linted. */
const struct lint_config *lint_config(struct lint_ctx *ctx);
/* The running rule's option (rule.h): the config's value, else its default. */
unsigned lint_rule_option(struct lint_ctx *ctx);
/* Path of the main file as given on the command line. */
const char *lint_main_path(struct lint_ctx *ctx);

/*
 * True if findings at loc are wanted: in the main file, or in a header
 * matching --header-filter (or the config's header-filter:), or without
 * a filter in a file of the project's own (lint/project.c). Macro expansions count at their expansion site.
 */
bool lint_location_reported(struct lint_ctx *ctx, CXSourceLocation loc);

/*
 * Report a finding of the running rule over range (expansion locations are
 * used for macros). Returns NULL when the location is not reported or is
 * suppressed by NOLINT; the caller then skips building a fix.
 */
struct bpf_finding *lint_report(struct lint_ctx *ctx, CXSourceRange range,
				const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * Add to f's fix: replace the source range with text. Text may contain
 * newlines; rewrite/ indents each continuation line like the line the
 * edit starts on, so rules write indentation relative to that line.
 * Macro rules: a range spelled inside a macro defined in the main file is
 * edited at the macro definition; one from a header's macro makes the fix
 * unfixable with the reason. Returns 0 or a negative errno.
 */
int lint_fix_replace(struct lint_ctx *ctx, struct bpf_finding *f,
		     CXSourceRange range, const char *text);
/*
 * The source the finding's cost lives in (a loop, a function body), for
 * bpf-lint --cost; by default the finding's own lines.
 */
void lint_set_scope(struct lint_ctx *ctx, struct bpf_finding *f,
		    CXSourceRange range);
/*
 * The same with the statement that starts at or after offset off of the
 * main file (e.g. the loop after a pragma); no change if there is none.
 */
void lint_set_scope_after(struct lint_ctx *ctx, struct bpf_finding *f,
			  unsigned off);
/* Insert text before loc (same macro rules as lint_fix_replace). */
int lint_fix_insert(struct lint_ctx *ctx, struct bpf_finding *f,
		    CXSourceLocation loc, const char *text);
/* Byte offset of loc's file location in its file (spelling location). */
unsigned lint_offset(CXSourceLocation loc);
/* Contents of the file at loc (unsaved buffer if any); *len set. */
const char *lint_file_text(struct lint_ctx *ctx, CXSourceLocation loc,
			   size_t *len);
/* Source text of range as written (malloc'd, caller frees), or NULL. */
char *lint_range_text(struct lint_ctx *ctx, CXSourceRange range);

/*
 * Where the one walk is (valid during a rule's visit()): the top-level
 * declaration being walked, whether findings there are wanted (its
 * location is reported), the function definition around the cursor
 * (null cursor outside one) and how many loop statements of that
 * function enclose it.
 */
CXCursor lint_walk_decl(struct lint_ctx *ctx);
bool lint_walk_reported(struct lint_ctx *ctx);
CXCursor lint_walk_function(struct lint_ctx *ctx);
unsigned lint_walk_loops(struct lint_ctx *ctx);

/* A macro expansion at a reported location (lint/macros.c). */
struct lint_macro {
	const char *name;
	unsigned off, end;       /* expansion offsets in its file */
};
/* The expansion starting at file offset off, or NULL. */
const struct lint_macro *lint_macro_at(struct lint_ctx *ctx, unsigned off);
/* The first expansion of macro name starting in [off, end), or NULL. */
const struct lint_macro *lint_macro_in(struct lint_ctx *ctx, const char *name,
				       unsigned off, unsigned end);
/* The unit's (last) definition of macro name, or a null cursor. */
CXCursor lint_macro_definition(struct lint_ctx *ctx, const char *name);

/* enum bpf_need bits already available in the unit (macros, decls). */
unsigned lint_declared(struct lint_ctx *ctx);

#endif
