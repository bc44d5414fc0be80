// SPDX-License-Identifier: GPL-2.0-only
/* Definitions added for a fix's needs: where, once, only when missing. */
#include <criterion/criterion.h>
#include <string.h>
#include "rewrite/plan.h"
#include "rewrite/preamble.h"

#define F "t.bpf.c"

static const char src[] =
	"// SPDX\n"
	"#include <linux/bpf.h>\n"
	"/* #include <not/this.h>\n"
	"   still a comment */\n"
	"#include <bpf/bpf_helpers.h>\n"
	"#ifdef EXTRA\n"
	"#include \"extra.h\"\n"
	"#endif\n"
	"int x;\n"
	"int f(void) { for (int i = 0; i < 9; i++) x++; return 0; }\n";

static size_t count(const char *hay, size_t len, const char *needle)
{
	size_t n = 0, l = strlen(needle);

	for (size_t i = 0; i + l <= len; i++)
		n += memcmp(hay + i, needle, l) == 0;
	return n;
}

static void plan_needs(struct fix_plan *p, const char *text, unsigned needs1,
		       unsigned needs2, unsigned declared)
{
	static struct bpf_edit e1, e2;
	static struct bpf_finding v[2];
	static struct bpf_findings fs;
	const char *at = strstr(text, "x++");

	e1 = (struct bpf_edit){ .file = F, .offset = (unsigned)(at - text), .length = 3, .text = "x += 1" };
	e2 = (struct bpf_edit){ .file = F, .offset = (unsigned)(at - text) + 7, .length = 6, .text = "return zero" };
	v[0] = (struct bpf_finding){ .rule = "a", .file = F, .offset = e1.offset,
				     .fix = { .edits = &e1, .n_edits = 1, .needs = needs1 } };
	v[1] = (struct bpf_finding){ .rule = "b", .file = F, .offset = e2.offset,
				     .fix = { .edits = &e2, .n_edits = 1, .needs = needs2 } };
	fs = (struct bpf_findings){ .v = v, .n = 2, .declared = declared };
	cr_assert_eq(fix_plan__init(p, F, text, strlen(text), &fs, KVER(6, 18)), 0);
}

Test(preamble, after_last_top_level_include)
{
	size_t at = preamble_offset(src, strlen(src));

	cr_assert_eq(at, (size_t)(strstr(src, "#ifdef") - src));
	cr_assert_eq(preamble_offset("int x;\n", 7), 0);
	cr_assert_eq(preamble_offset("#include <a.h>", 14), 14);
}

/* Issue 22: a header's additions go inside its guard, below its licence. */
static const char guarded[] =
	"/* SPDX-License-Identifier: GPL-2.0 */\n"
	"/*\n * A header.\n */\n"
	"#ifndef __HOT_H__\n"
	"#define __HOT_H__\n"
	"\n"
	"#include <vmlinux.h>\n"
	"#ifdef EXTRA\n"
	"#include \"extra.h\"\n"
	"#endif\n"
	"#include <bpf/bpf_helpers.h>\n"
	"\n"
	"int x;\n"
	"int f(void) { for (int i = 0; i < 9; i++) x++; return 0; }\n"
	"\n"
	"#endif /* __HOT_H__ */\n";

static size_t after_line(const char *text, const char *line)
{
	const char *at = strstr(text, line);

	cr_assert_not_null(at, "%s", line);
	return (size_t)(at - text) + strlen(line);
}

Test(preamble, inside_the_include_guard_below_the_licence)
{
	static const char no_includes[] =
		"// SPDX-License-Identifier: GPL-2.0\n"
		"#ifndef H\n#define H\nint x;\n#endif\n";
	static const char once[] = "/* licence */\n#pragma once\nint x;\n";
	static const char licence_only[] = "/* licence\n * two lines */\n\nint x;\n";
	static const char not_a_guard[] =
		"// licence\n#ifndef A\n#define A 1\n#include <a.h>\n#endif\nint x;\n";

	cr_expect_eq(preamble_offset(guarded, strlen(guarded)),
		     after_line(guarded, "#include <bpf/bpf_helpers.h>\n"), "after its includes");
	cr_expect_eq(preamble_offset(no_includes, strlen(no_includes)),
		     after_line(no_includes, "#define H\n"), "after the guard's #define");
	cr_expect_eq(preamble_offset(once, strlen(once)), after_line(once, "#pragma once\n"));
	cr_expect_eq(preamble_offset(licence_only, strlen(licence_only)),
		     after_line(licence_only, "two lines */\n\n"), "after the licence");
	cr_expect_eq(preamble_offset(not_a_guard, strlen(not_a_guard)),
		     after_line(not_a_guard, "// licence\n"), "code after #endif: not a guard");
}

Test(preamble, header_definitions_inside_its_guard)
{
	struct fix_plan p;
	const char *guard, *block, *include, *end;

	plan_needs(&p, guarded, BPF_NEED_BPF_FOR | BPF_NEED_BARRIER_VAR, 0, 0);
	guard = strstr(p.out, "#define __HOT_H__\n");
	include = strstr(p.out, "#include <bpf/bpf_helpers.h>\n");
	block = strstr(p.out, "struct bpf_iter_num {");
	end = strstr(p.out, "#endif /* __HOT_H__ */");
	cr_assert(guard && include && block && end);
	cr_expect_eq(strncmp(p.out, "/* SPDX", 7), 0, "the licence stays first");
	cr_expect(guard < include && include < block && block < end,
		  "inside the guard, after the includes:\n%s", p.out);
	cr_expect(strstr(p.out, "#ifndef barrier_var") < end);
	cr_expect(strstr(p.out, "#ifndef bpf_for") < end);
	fix_plan__free(&p);
}

Test(preamble, added_once_for_two_fixes)
{
	struct fix_plan p;

	plan_needs(&p, src, BPF_NEED_BPF_FOR | BPF_NEED_ZERO, BPF_NEED_ZERO | BPF_NEED_BPF_FOR, 0);
	cr_assert_eq(count(p.out, p.out_len, "#ifndef bpf_for\n"), 1);
	cr_assert_eq(count(p.out, p.out_len, "\nint zero;\n"), 1);
	cr_assert_eq(count(p.out, p.out_len, "struct bpf_iter_num {"), 1);
	cr_assert_eq(p.added_needs, BPF_NEED_BPF_FOR | BPF_NEED_ZERO | BPF_NEED_ITER_KFUNCS |
		     BPF_NEED_ITER_STRUCT);
	/* placed right after the bpf_helpers.h line, before the #ifdef */
	cr_assert(strstr(p.out, "bpf_helpers.h>\n\n") != NULL);
	cr_assert(strstr(p.out, "#ifndef bpf_for") < strstr(p.out, "#ifdef EXTRA"));
	fix_plan__free(&p);
}

Test(preamble, nothing_when_declared)
{
	struct fix_plan p;

	plan_needs(&p, src, BPF_NEED_BPF_FOR | BPF_NEED_CAN_LOOP, BPF_NEED_ZERO,
		   BPF_NEED_BPF_FOR | BPF_NEED_ZERO | BPF_NEED_ITER_KFUNCS | BPF_NEED_ITER_STRUCT);
	cr_assert_null(strstr(p.out, "#ifndef bpf_for"));
	cr_assert_null(strstr(p.out, "bpf_iter_num_new"));
	cr_assert_null(strstr(p.out, "int zero;"));
	cr_assert_null(strstr(p.out, "struct bpf_iter_num {"));
	cr_assert_eq(count(p.out, p.out_len, "#ifndef can_loop\n"), 1);
	cr_assert_eq(p.added_needs, BPF_NEED_CAN_LOOP);
	fix_plan__free(&p);
}

/* libbpf 1.2+ declares bpf_for and the kfuncs; a project vmlinux.h before
 * 6.4 lacks the struct: only the struct is added, whatever the versions. */
Test(preamble, struct_when_the_unit_lacks_it)
{
	struct fix_plan p;

	plan_needs(&p, src, BPF_NEED_BPF_FOR, 0, BPF_NEED_BPF_FOR | BPF_NEED_ITER_KFUNCS);
	cr_assert_eq(count(p.out, p.out_len, "struct bpf_iter_num {"), 1);
	cr_assert_null(strstr(p.out, "extern int bpf_iter_num_new"));
	cr_assert_null(strstr(p.out, "#ifndef bpf_for"));
	cr_assert_null(strstr(p.out, "LINUX_VERSION_CODE"));
	cr_assert_eq(p.added_needs, BPF_NEED_ITER_STRUCT);
	fix_plan__free(&p);
}

/* A unit that defines the struct (UAPI 6.4+) but declares no kfunc. */
Test(preamble, kfuncs_without_struct)
{
	struct fix_plan p;

	plan_needs(&p, src, BPF_NEED_BPF_REPEAT, 0, BPF_NEED_ITER_STRUCT);
	cr_assert_null(strstr(p.out, "struct bpf_iter_num {"));
	cr_assert_eq(count(p.out, p.out_len, "extern int bpf_iter_num_new"), 1);
	cr_assert_eq(count(p.out, p.out_len, "#ifndef bpf_repeat\n"), 1);
	/* the kfuncs come before the macro that calls them */
	cr_assert(strstr(p.out, "bpf_iter_num_new") < strstr(p.out, "#ifndef bpf_repeat"));
	fix_plan__free(&p);
}

Test(preamble, not_twice_when_already_inserted)
{
	struct fix_plan p, q;
	char *once;

	plan_needs(&p, src, BPF_NEED_BPF_REPEAT | BPF_NEED_BARRIER_VAR, BPF_NEED_ZERO, 0);
	once = strndup(p.out, p.out_len);
	/* a front end that missed the block must still not get it twice */
	plan_needs(&q, once, BPF_NEED_BPF_REPEAT | BPF_NEED_BARRIER_VAR, BPF_NEED_ZERO, 0);
	cr_assert_eq(count(q.out, q.out_len, "#ifndef bpf_repeat\n"), 1);
	cr_assert_eq(count(q.out, q.out_len, "#ifndef barrier_var\n"), 1);
	cr_assert_eq(count(q.out, q.out_len, "int zero;\n"), 1);
	cr_assert_eq(q.added_needs, 0);
	free(once);
	fix_plan__free(&p);
	fix_plan__free(&q);
}

Test(preamble, crlf_file_gets_crlf_block)
{
	const char crlf[] = "#include <bpf/bpf_helpers.h>\r\nint x;\r\nint f(void) { x++; return 0; }\r\n";
	struct fix_plan p;

	plan_needs(&p, crlf, BPF_NEED_NOINLINE, 0, 0);
	cr_assert(strstr(p.out, "\r\n#ifndef __noinline\r\n#define __noinline __attribute__((noinline))\r\n#endif\r\n") != NULL);
	for (size_t i = 0; i < p.out_len; i++)
		if (p.out[i] == '\n')
			cr_assert(i > 0 && p.out[i - 1] == '\r', "bare LF at %zu", i);
	fix_plan__free(&p);
}

Test(preamble, top_of_file_without_includes)
{
	const char bare[] = "int x;\nint f(void) { x++; return 0; }\n";
	struct fix_plan p;

	plan_needs(&p, bare, BPF_NEED_ZERO, 0, 0);
	cr_assert(strncmp(p.out, "/* Not const", 12) == 0, "%s", p.out);
	cr_assert(strstr(p.out, "int zero;\n\nint x;\n") != NULL, "%s", p.out);
	fix_plan__free(&p);
}
