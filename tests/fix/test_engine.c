// SPDX-License-Identifier: GPL-2.0-only
/* The rewrite engine on hand-made findings: order, overlaps, formatting, definitions. */
#include <criterion/criterion.h>
#include <string.h>
#include "rewrite/fileset.h"
#include "rewrite/plan.h"
#include "rewrite/preamble.h"
#include "rewrite/text.h"

#define F "t.bpf.c"

static struct bpf_edit E(unsigned off, unsigned len, const char *text)
{
	return (struct bpf_edit){ .file = F, .offset = off, .length = len, .text = (char *)text };
}

static struct bpf_finding finding(const char *rule, unsigned off, struct bpf_edit *e, size_t n)
{
	return (struct bpf_finding){ .rule = rule, .file = F, .line = 1, .col = 1,
				     .offset = off, .fix = { .edits = e, .n_edits = n } };
}

static void plan_of(struct fix_plan *p, const char *src, struct bpf_finding *v, size_t n,
		    unsigned declared)
{
	struct bpf_findings fs = { .v = v, .n = n, .declared = declared };

	cr_assert_eq(fix_plan__init(p, F, src, strlen(src), &fs, KVER(6, 18)), 0);
}

static void expect_out(const struct fix_plan *p, const char *want)
{
	cr_assert_eq(p->out_len, strlen(want), "got [%.*s]", (int)p->out_len, p->out);
	cr_assert(memcmp(p->out, want, p->out_len) == 0, "got [%s] want [%s]", p->out, want);
}

Test(engine, no_fix_keeps_every_byte)
{
	const char src[] = "int a;\r\n\tint b;  \r\n/* \xff\xfe */\n";
	struct bpf_finding v[] = { { .rule = "x", .file = F } };
	struct fix_plan p;

	plan_of(&p, src, v, 1, 0);
	cr_assert_eq(p.n_cand, 0);
	cr_assert(!fix_plan__changed(&p));
	expect_out(&p, src);
	fix_plan__free(&p);
}

Test(engine, outside_edits_byte_for_byte)
{
	const char src[] = "static __always_inline int f(void)\r\n{ return 1; }  \r\n/* \xff */\n";
	struct bpf_edit e[] = { E(7, 16, "") };
	struct bpf_finding v[] = { finding("always-inline", 7, e, 1) };
	struct fix_plan p;

	plan_of(&p, src, v, 1, 0);
	expect_out(&p, "static int f(void)\r\n{ return 1; }  \r\n/* \xff */\n");
	cr_assert_eq(p.cand[0].status, FIX_APPLIED);
	fix_plan__free(&p);
}

Test(engine, continuation_lines_indented_and_crlf)
{
	const char src[] = "void g(void)\r\n{\r\n\t\tx();\r\n}\r\n";
	unsigned at = (unsigned)(strstr(src, "x();") - src);
	struct bpf_edit e[] = { E(at, 4, "if (a) {\n\tx();\n}") };
	struct bpf_finding v[] = { finding("r", at, e, 1) };
	struct fix_plan p;

	plan_of(&p, src, v, 1, 0);
	expect_out(&p, "void g(void)\r\n{\r\n\t\tif (a) {\r\n\t\t\tx();\r\n\t\t}\r\n}\r\n");
	fix_plan__free(&p);
}

Test(engine, insertion_ending_in_newline_reindents_the_rest)
{
	const char src[] = "{\n    for (;;) ;\n}\n";
	unsigned at = (unsigned)(strstr(src, "for") - src);
	struct bpf_edit e[] = { E(at, 0, "int i;\n\nbarrier();\n") };
	struct bpf_finding v[] = { finding("r", at, e, 1) };
	struct fix_plan p;

	plan_of(&p, src, v, 1, 0);
	/* no indentation on the empty line, the original rest re-indented */
	expect_out(&p, "{\n    int i;\n\n    barrier();\n    for (;;) ;\n}\n");
	fix_plan__free(&p);
}

/* A file indented with two spaces: the rule's tabs of a line's indentation
 * become two spaces each; a tab elsewhere (inside the code) stays. */
Test(engine, tabs_follow_a_spaces_file)
{
	const char src[] = "void g(void)\n{\n  /*\n   * c\n   */\n  if (b) {\n    x();\n  }\n}\n";
	unsigned at = (unsigned)(strstr(src, "x();") - src);
	unsigned in = (unsigned)(strstr(src, "if (b)") - src);
	struct bpf_edit e[] = { E(at, 4, "if (a) {\n\tx(\t);\n}") };
	struct bpf_edit r[] = { E(in, 0, "\t") };
	struct bpf_finding v[] = { finding("a", at, e, 1), finding("b", in, r, 1) };
	struct fix_plan p;

	plan_of(&p, src, v, 2, 0);
	expect_out(&p, "void g(void)\n{\n  /*\n   * c\n   */\n    if (b) {\n"
		   "    if (a) {\n      x(\t);\n    }\n  }\n}\n");
	fix_plan__free(&p);
}

Test(engine, whole_line_removal_keeps_next_indent)
{
	const char src[] = "\t#pragma unroll\n\tfor (;;) ;\n";
	struct bpf_edit e[] = { E(0, 16, "") };
	struct bpf_finding v[] = { finding("pragma-unroll", 0, e, 1) };
	struct fix_plan p;

	plan_of(&p, src, v, 1, 0);
	expect_out(&p, "\tfor (;;) ;\n");
	fix_plan__free(&p);
}

Test(engine, overlap_first_wins_loser_skipped_whole)
{
	const char src[] = "aaaa bbbb cccc dddd\n";
	struct bpf_edit e1[] = { E(5, 4, "BBBB") };
	struct bpf_edit e2[] = { E(0, 4, "AAAA"), E(7, 4, "XX") }; /* second edit overlaps e1 */
	struct bpf_edit e3[] = { E(15, 4, "DDDD") };
	/* findings given out of order: the engine sorts by offset, then rule */
	struct bpf_finding v[] = { finding("r3", 15, e3, 1), finding("r2", 6, e2, 2),
				   finding("r1", 5, e1, 1) };
	struct fix_plan p;

	plan_of(&p, src, v, 3, 0);
	expect_out(&p, "aaaa BBBB cccc DDDD\n");
	cr_assert_eq(p.n_cand, 3);
	cr_assert_str_eq(p.cand[1].finding->rule, "r2");
	cr_assert_eq(p.cand[1].status, FIX_SKIP_CONFLICT);
	cr_assert_str_eq(p.cand[1].winner->rule, "r1");
	fix_plan__free(&p);
}

Test(engine, same_offset_rule_order_decides)
{
	const char src[] = "static int f;\n";
	struct bpf_edit ea[] = { E(0, 7, "") }, eb[] = { E(0, 6, "extern") };
	struct bpf_finding v[] = { finding("zz-rule", 0, eb, 1), finding("aa-rule", 0, ea, 1) };
	struct fix_plan p;

	plan_of(&p, src, v, 2, 0);
	expect_out(&p, "int f;\n");
	cr_assert_str_eq(p.cand[0].finding->rule, "aa-rule");
	cr_assert_eq(p.cand[1].status, FIX_SKIP_CONFLICT);
	fix_plan__free(&p);
}

Test(engine, identical_edits_applied_once)
{
	const char src[] = "static __always_inline int f;\n";
	struct bpf_edit e1[] = { E(7, 16, "") }, e2[] = { E(7, 16, ""), E(0, 7, "") };
	struct bpf_finding v[] = { finding("a", 7, e1, 1), finding("b", 7, e2, 2) };
	struct fix_plan p;

	plan_of(&p, src, v, 2, 0);
	expect_out(&p, "int f;\n");
	cr_assert_eq(p.cand[1].status, FIX_APPLIED);
	fix_plan__free(&p);
}

Test(engine, insertion_at_start_of_replacement)
{
	const char src[] = "static int f(void);\n";
	struct bpf_edit e1[] = { E(0, 0, "__noinline ") }, e2[] = { E(0, 7, "") };
	struct bpf_edit e3[] = { E(3, 0, "!") }; /* strictly inside [0,7): conflict */
	struct bpf_finding v[] = { finding("a", 0, e1, 1), finding("b", 0, e2, 1),
				   finding("c", 3, e3, 1) };
	struct fix_plan p;

	plan_of(&p, src, v, 3, 0);
	expect_out(&p, "__noinline int f(void);\n");
	cr_assert_eq(p.cand[2].status, FIX_SKIP_CONFLICT);
	fix_plan__free(&p);
}

Test(engine, unfixable_kernel_and_bad_edits_not_applied)
{
	const char src[] = "0123456789\n";
	struct bpf_edit e1[] = { E(0, 1, "a") }, e2[] = { E(1, 1, "b") }, e3[] = { E(2, 1, "c") };
	struct bpf_edit e4[] = { E(9, 5, "d") }, e5[] = { { .file = "other.c", .offset = 4, .length = 1, .text = "e" } };
	struct bpf_edit e6[] = { E(5, 1, "f") };
	struct bpf_finding v[] = { finding("u", 0, e1, 1), finding("k", 1, e2, 1),
				   finding("n", 2, e3, 1), finding("o", 3, e4, 1),
				   finding("x", 4, e5, 1), finding("ok", 5, e6, 1) };
	struct fix_plan p;

	v[0].fix.unfixable = "macro from a header";
	v[1].fix.min_kernel = KVER(6, 19);
	v[2].fix.needs = BPF_NEED_CAN_LOOP;     /* implies 6.9 */
	{
		struct bpf_findings fs = { .v = v, .n = 6 };

		cr_assert_eq(fix_plan__init(&p, F, src, strlen(src), &fs, KVER(6, 6)), 0);
	}
	expect_out(&p, "01234f6789\n");
	cr_assert_eq(p.cand[0].status, FIX_SKIP_UNFIXABLE);
	cr_assert_eq(p.cand[1].status, FIX_SKIP_KERNEL);
	cr_assert_eq(p.cand[2].status, FIX_SKIP_KERNEL);
	cr_assert_eq(p.cand[2].min_kernel, KVER(6, 9));
	cr_assert_eq(p.cand[3].status, FIX_SKIP_BAD_EDIT);
	cr_assert_eq(p.cand[4].status, FIX_SKIP_ELSEWHERE);	/* for a fix_fileset */
	cr_assert_eq(p.cand[5].status, FIX_APPLIED);
	fix_plan__free(&p);
}

Test(engine, fileset_applies_a_fix_in_all_its_files_or_none)
{
	const char a[] = "aaaa\n", b[] = "bbbb\n";
	struct bpf_edit both[] = { { .file = "A.h", .offset = 0, .length = 1, .text = "X" },
				   { .file = "B.h", .offset = 1, .length = 1, .text = "Y" } };
	struct bpf_edit clash[] = { { .file = "B.h", .offset = 1, .length = 2, .text = "Z" } };
	struct bpf_edit alone[] = { { .file = "A.h", .offset = 3, .length = 1, .text = "W" } };
	struct bpf_finding v[] = { finding("both", 0, both, 2), finding("clash", 1, clash, 1),
				   finding("alone", 3, alone, 1) };
	struct fix_fileset set = { 0 };

	for (int i = 0; i < 3; i++) {
		v[i].file = "A.h";
		cr_assert_eq(fix_fileset__add(&set, &v[i]), 0);
	}
	cr_assert_eq(fix_fileset__add(&set, &v[0]), 0);	/* found again by another unit */
	cr_assert_eq(set.cands.n, 3);
	cr_assert_eq(fix_fileset__plan(&set, "A.h", a, strlen(a), 0, 0), 0);
	cr_assert_eq(fix_fileset__plan(&set, "B.h", b, strlen(b), 0, 0), 0);
	cr_assert_eq(fix_fileset__select(&set, NULL), 0);
	/* "clash" loses to "both" in B.h, so "both" is whole and "clash" nowhere */
	cr_expect_str_eq(set.files[0].out, "XaaW\n");
	cr_expect_str_eq(set.files[1].out, "bYbb\n");
	{
		bool no_both[3] = { false, true, true };

		cr_assert_eq(fix_fileset__select(&set, no_both), 0);
	}
	/* without "both", "clash" goes in and A.h keeps only "alone" */
	cr_expect_str_eq(set.files[0].out, "aaaW\n");
	cr_expect_str_eq(set.files[1].out, "bZb\n");
	fix_fileset__free(&set);
}

Test(engine, select_subset_lets_loser_in)
{
	const char src[] = "abcdef\n";
	struct bpf_edit e1[] = { E(0, 3, "X") }, e2[] = { E(2, 3, "Y") };
	struct bpf_finding v[] = { finding("a", 0, e1, 1), finding("b", 2, e2, 1) };
	bool only_b[] = { false, true };
	struct fix_plan p;
	size_t len;
	char *bytes;

	plan_of(&p, src, v, 2, 0);
	expect_out(&p, "Xdef\n");
	bytes = fix_plan__bytes_for(&p, only_b, &len);
	cr_assert_str_eq(bytes, "abYf\n");
	cr_assert_eq(p.cand[0].status, FIX_SKIP_NOT_ALLOWED);
	cr_assert_eq(p.cand[1].status, FIX_APPLIED);
	free(bytes);
	fix_plan__free(&p);
}
