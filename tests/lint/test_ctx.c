/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lint_ctx.h as the rules see it: findings at expansion sites, NOLINT,
 * configured severity, fix edits following macros to their definitions
 * (main file) or refusing them (header), lint_declared().
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lint/internal.h"

static char dir[] = "/tmp/bpf-lint-ctx-XXXXXX";
static char main_path[600];
static CXIndex idx;
static CXTranslationUnit tu;
static struct lint_file_config conf;
static struct bpf_findings out;
static struct lint_ctx ctx;
static const struct bpf_rule fake = { .id = "fake-rule", .severity = BPF_SEV_WARNING };

static void put(const char *name, const char *text)
{
	char p[700];
	FILE *fp;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	fp = fopen(p, "w");
	cr_assert(fp);
	fputs(text, fp);
	fclose(fp);
}

static void parse(const char *text)
{
	const char *args[] = { "-target", "bpf" };

	put("t.bpf.c", text);
	snprintf(main_path, sizeof(main_path), "%s/t.bpf.c", dir);
	idx = clang_createIndex(0, 0);
	cr_assert_eq(clang_parseTranslationUnit2(idx, main_path, args, 2, NULL, 0,
		     CXTranslationUnit_DetailedPreprocessingRecord, &tu), CXError_Success);
	memset(&conf, 0, sizeof(conf));
	for (int i = 0; i < LINT_MAX_RULES; i++)
		conf.rules[i].enabled = conf.rules[i].severity = -1;
	memset(&out, 0, sizeof(out));
	memset(&ctx, 0, sizeof(ctx));
	ctx.tu = tu;
	ctx.main_path = main_path;
	ctx.main_file = clang_getFile(tu, main_path);
	ctx.conf = &conf;
	ctx.rule = &fake;
	ctx.out = &out;
}

static void setup(void)
{
	cr_assert(mkdtemp(dir));
}

static void teardown(void)
{
	char cmd[700];

	findings_free(&out);
	if (tu)
		clang_disposeTranslationUnit(tu);
	if (idx)
		clang_disposeIndex(idx);
	tu = NULL;
	idx = NULL;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	cr_expect_eq(system(cmd), 0);
	strcpy(dir, "/tmp/bpf-lint-ctx-XXXXXX");
}

TestSuite(ctx, .init = setup, .fini = teardown);

struct find { enum CXCursorKind kind; CXCursor hit; int n; };

static enum CXChildVisitResult finder(CXCursor c, CXCursor p, CXClientData d)
{
	struct find *f = d;

	(void)p;
	if (clang_getCursorKind(c) == f->kind && f->n++ == 0)
		f->hit = c;
	return CXChildVisit_Recurse;
}

/* The first cursor of kind in the main file's top-level declarations. */
static CXCursor first(enum CXCursorKind kind)
{
	struct find f = { kind, clang_getNullCursor(), 0 };

	clang_visitChildren(clang_getTranslationUnitCursor(tu), finder, &f);
	cr_assert(!clang_Cursor_isNull(f.hit), "no cursor of kind %d", kind);
	return f.hit;
}

Test(ctx, plain_range_report_and_replace)
{
	const char *src = "int f(int x) { return x + 1; }\n";
	CXCursor op;
	struct bpf_finding *fd;

	parse(src);
	op = first(CXCursor_BinaryOperator);
	fd = lint_report(&ctx, clang_getCursorExtent(op), "n=%d", 3);
	cr_assert(fd);
	cr_expect_str_eq(fd->rule, "fake-rule");
	cr_expect_str_eq(fd->message, "n=3");
	cr_expect_eq(fd->line, 1);
	cr_expect_eq(fd->col, 23);
	cr_expect_eq(fd->offset, strstr(src, "x + 1") - src);
	cr_expect_eq(fd->end_offset, strstr(src, "; }") - src);
	cr_assert_eq(lint_fix_replace(&ctx, fd, clang_getCursorExtent(op), "y"), 0);
	cr_assert_eq(fd->fix.n_edits, 1);
	cr_expect_eq(fd->fix.edits[0].offset, fd->offset);
	cr_expect_eq(fd->fix.edits[0].length, 5);
	cr_expect_str_eq(fd->fix.edits[0].file, main_path);
	char *t = lint_range_text(&ctx, clang_getCursorExtent(op));

	cr_expect_str_eq(t, "x + 1");
	free(t);
}

Test(ctx, main_file_macro_edited_at_definition)
{
	const char *src = "#define NEXT(v) ((v) + 1)\nint f(int x) { return NEXT(x); }\n";
	CXCursor op;
	struct bpf_finding *fd;

	parse(src);
	op = first(CXCursor_BinaryOperator);
	fd = lint_report(&ctx, clang_getCursorExtent(op), "m");
	cr_assert(fd);
	cr_expect_eq(fd->line, 2, "reported at the expansion site");
	cr_expect_eq(fd->offset, strstr(src, "NEXT(x)") - src);
	cr_assert_eq(lint_fix_insert(&ctx, fd, clang_getCursorLocation(op), "/*x*/"), 0);
	cr_assert_eq(fd->fix.n_edits, 1, "%s", fd->fix.unfixable ? fd->fix.unfixable : "");
	cr_expect_null(fd->fix.unfixable);
	/* The operator starts at (v), written in the definition on line 1. */
	cr_expect_eq(fd->fix.edits[0].offset, strstr(src, "(v) +") - src, "got %u", fd->fix.edits[0].offset);
}

Test(ctx, header_macro_is_unfixable)
{
	const char *src = "#include \"h.h\"\nint f(int x) { return NEXT(x); }\n";
	CXCursor op;
	struct bpf_finding *fd;

	put("h.h", "#define NEXT(v) ((v) + 1)\n");
	parse(src);
	op = first(CXCursor_BinaryOperator);
	fd = lint_report(&ctx, clang_getCursorExtent(op), "m");
	cr_assert(fd);
	cr_assert_eq(lint_fix_replace(&ctx, fd, clang_getCursorExtent(op), "0"), 0);
	cr_expect_eq(fd->fix.n_edits, 0);
	cr_assert(fd->fix.unfixable);
	cr_expect(strstr(fd->fix.unfixable, "'NEXT'") && strstr(fd->fix.unfixable, "h.h"),
		  "%s", fd->fix.unfixable);
}

struct all { CXCursor v[8]; int n; };

static enum CXChildVisitResult all_ops(CXCursor c, CXCursor p, CXClientData d)
{
	struct all *a = d;

	(void)p;
	if (clang_getCursorKind(c) == CXCursor_BinaryOperator && a->n < 8)
		a->v[a->n++] = c;
	return CXChildVisit_Recurse;
}

Test(ctx, nolint_severity_and_header_filter)
{
	const char *src = "#include \"h.h\"\nint f(int x) { return x + 1; } // NOLINT(fake-*)\n"
			  "int g(int x) { return x + 2; }\n";
	struct all a = { .n = 0 };
	regex_t re;
	struct bpf_finding *fd;

	put("h.h", "static int h(int x) { return x + 3; }\n");
	parse(src);
	clang_visitChildren(clang_getTranslationUnitCursor(tu), all_ops, &a);
	cr_assert_eq(a.n, 3);
	/* h.h's operator: reported only through a matching header filter. */
	cr_expect_null(lint_report(&ctx, clang_getCursorExtent(a.v[0]), "h"));
	cr_assert_eq(regcomp(&re, "/h\\.h$", REG_EXTENDED | REG_NOSUB), 0);
	ctx.header_re = &re;
	fd = lint_report(&ctx, clang_getCursorExtent(a.v[0]), "h");
	cr_assert(fd);
	cr_expect(strstr(fd->file, "/h.h"), "%s", fd->file);
	ctx.header_re = NULL;
	regfree(&re);
	/* Line 2 carries NOLINT(fake-*); line 3 does not. */
	cr_expect_null(lint_report(&ctx, clang_getCursorExtent(a.v[1]), "f"));
	conf.rules[0].severity = BPF_SEV_ERROR;
	ctx.rule = bpf_rules[0];
	fd = lint_report(&ctx, clang_getCursorExtent(a.v[2]), "g");
	cr_assert(fd);
	cr_expect_eq(fd->severity, BPF_SEV_ERROR, "configured severity applies");
	cr_expect_eq(fd->line, 3);
}

Test(ctx, declared_bits)
{
	parse("#define bpf_for(i, a, b) for (i = a; i < b; i++)\n#define barrier_var(v) (v)\n"
	      "#define __noinline __attribute__((noinline))\nint zero = 0;\n");
	unsigned d = lint_declared(&ctx);

	cr_expect(d & BPF_NEED_BPF_FOR);
	cr_expect(d & BPF_NEED_BARRIER_VAR);
	cr_expect(d & BPF_NEED_NOINLINE);
	cr_expect(d & BPF_NEED_ZERO);
	cr_expect(!(d & BPF_NEED_CAN_LOOP));
	cr_expect(!(d & BPF_NEED_BPF_REPEAT));
}

/* The iterator's struct counts only when defined; the kfuncs when all three are declared. */
Test(ctx, declared_iterator_parts)
{
	parse("struct bpf_iter_num;\n"
	      "extern int bpf_iter_num_new(struct bpf_iter_num *it, int start, int end);\n"
	      "extern int *bpf_iter_num_next(struct bpf_iter_num *it);\n"
	      "extern void bpf_iter_num_destroy(struct bpf_iter_num *it);\n");
	cr_expect(lint_declared(&ctx) & BPF_NEED_ITER_KFUNCS);
	cr_expect(!(lint_declared(&ctx) & BPF_NEED_ITER_STRUCT));
}

Test(ctx, declared_iterator_struct)
{
	parse("struct bpf_iter_num { unsigned long long o[1]; };\n"
	      "extern int bpf_iter_num_new(struct bpf_iter_num *it, int start, int end);\n");
	cr_expect(lint_declared(&ctx) & BPF_NEED_ITER_STRUCT);
	cr_expect(!(lint_declared(&ctx) & BPF_NEED_ITER_KFUNCS));
}

Test(ctx, const_zero_does_not_count)
{
	parse("const int zero = 0;\n");
	cr_expect(!(lint_declared(&ctx) & BPF_NEED_ZERO));
}
