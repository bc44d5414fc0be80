// SPDX-License-Identifier: GPL-2.0-only
/* The loop rules through lint_run: fix texts, refusals, de-duplication;
 * stack-budget: which program types carry the private-stack note. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "config.h"
#include "lint/lint.h"

#define PRELUDE \
	"#include <linux/bpf.h>\n#include <bpf/bpf_helpers.h>\n#include \"bpf_compat.h\"\n" \
	"char LICENSE[] SEC(\"license\") = \"GPL\";\n__u64 arr[128];\n"

static struct bpf_findings found;

/* Lint src (after PRELUDE) with only rule enabled; target 0 = running. */
static void lint(const char *rule, const char *src, unsigned target)
{
	char dir[] = "/tmp/rules-test-XXXXXX", path[64], filter[64], *err = NULL;
	const char *extra[] = { "-I" BPF_SOURCE_ROOT "/testdata/include" };
	struct lint_options opt = { .extra_args = extra, .n_extra_args = 1,
				    .rule_filter = filter, .target_kernel = target };
	struct lint_session *s = lint_session_new();
	FILE *f;
	int rc;

	cr_assert(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/case.bpf.c", dir);
	snprintf(filter, sizeof(filter), "-*,%s", rule);
	f = fopen(path, "w");
	cr_assert(f);
	fprintf(f, PRELUDE "%s", src);
	fclose(f);
	memset(&found, 0, sizeof(found));
	rc = lint_run(s, path, &opt, &found, &err);
	cr_assert_eq(rc, 0, "lint_run: %d %s", rc, err ? err : "");
	free(err);
	lint_session_free(s);
	unlink(path);
	rmdir(dir);
}

static void done(void)
{
	findings_free(&found);
}

TestSuite(loops, .fini = done);

Test(loops, nested_loops_report_a_call_once)
{
	lint("static-call-in-loop",
	     "static int f(__u64 x) { return x < 128 ? arr[x] != 0 : 0; }\n"
	     "SEC(\"xdp\") int p(struct xdp_md *c) { int n = 0;\n"
	     "  for (int i = 0; i < 4; i++)\n"
	     "    for (int j = 0; j < 4; j++)\n"
	     "      n += f(i * 4 + j);\n"
	     "  return n & 1; }\n", 0);
	cr_assert_eq(found.n, 1);
	cr_expect(strstr(found.v[0].message, "'f'"));
}

Test(loops, invariant_argument_is_not_reported)
{
	lint("static-call-in-loop",
	     "static int f(__u64 x) { return x < 128 ? arr[x] != 0 : 0; }\n"
	     "SEC(\"xdp\") int p(struct xdp_md *c) { int n = 0; __u64 k = 7;\n"
	     "  for (int i = 0; i < 4; i++) { arr[i] = 1; n += f(k); }\n"
	     "  return n & 1; }\n", 0);
	cr_expect_eq(found.n, 0);
}

Test(loops, same_name_counters_get_their_own_block)
{
	lint("bounded-loop",
	     "SEC(\"xdp\") int p(struct xdp_md *c) { __u64 s = 0;\n"
	     "  for (int i = 0; i < 100; i++) s += arr[i];\n"
	     "  for (int i = 0; i < 100; i++) s ^= arr[i];\n"
	     "  return s & 1; }\n", 0);
	cr_assert_eq(found.n, 2);
	for (size_t k = 0; k < 2; k++) {
		/* the block and its counter go in front of the loop (and of any
		 * pragma before it), the header becomes bpf_for, the block closes
		 * on the line after the body */
		cr_assert_eq(found.v[k].fix.n_edits, 3);
		cr_expect_str_eq(found.v[k].fix.edits[0].text, "{\n\tint i;\n\t");
		cr_expect_str_eq(found.v[k].fix.edits[1].text, "bpf_for(i, 0, 100)");
		cr_expect_str_eq(found.v[k].fix.edits[2].text, "  }\n");
		cr_expect_eq(found.v[k].fix.needs, BPF_NEED_BPF_FOR);
	}
}

Test(loops, bounded_loop_on_an_old_target_has_no_fix)
{
	lint("bounded-loop",
	     "SEC(\"xdp\") int p(struct xdp_md *c) { __u64 s = 0;\n"
	     "  for (int i = 0; i < 100; i++) s += arr[i];\n"
	     "  return s & 1; }\n", KVER(6, 1));
	cr_assert_eq(found.n, 1);
	cr_expect_eq(found.v[0].fix.n_edits, 0);
	cr_assert(found.v[0].fix.unfixable);
	cr_expect(strstr(found.v[0].fix.unfixable, "6.4"));
}

Test(loops, counter_read_after_the_loop_has_no_fix)
{
	lint("bounded-loop",
	     "SEC(\"xdp\") int p(struct xdp_md *c) { int i;\n"
	     "  for (i = 0; i < 100; i++) if (arr[i]) break;\n"
	     "  return i & 1; }\n", 0);
	cr_assert_eq(found.n, 1);
	cr_assert(found.v[0].fix.unfixable);
	cr_expect(strstr(found.v[0].fix.unfixable, "read after"));
}

Test(loops, bpf_for_and_while_are_not_bounded_loops)
{
	lint("bounded-loop",
	     "SEC(\"xdp\") int p(struct xdp_md *c) { __u64 s = 0; int i, j = 0;\n"
	     "  bpf_for(i, 0, 100) s += arr[i];\n"
	     "  while (j < 100) { s += arr[j]; j++; }\n"
	     "  return s & 1; }\n", 0);
	cr_expect_eq(found.n, 0);
}

Test(loops, static_prototype_is_edited_too)
{
	lint("static-call-in-loop",
	     "static int f(__u64 x);\n"
	     "SEC(\"xdp\") int p(struct xdp_md *c) { int n = 0;\n"
	     "  for (int i = 0; i < 4; i++) n += f(i);\n"
	     "  return n & 1; }\n"
	     "static int f(__u64 x) { return x < 128 ? arr[x] != 0 : 0; }\n", 0);
	cr_assert_eq(found.n, 1);
	cr_assert_eq(found.v[0].fix.n_edits, 2, "%s", found.v[0].fix.unfixable);
	cr_expect_str_eq(found.v[0].fix.edits[0].text, "__noinline");
	cr_expect_str_eq(found.v[0].fix.edits[1].text, "");
	cr_expect_eq(found.v[0].fix.min_kernel, KVER(5, 6));
}

Test(loops, unchecked_pointer_argument_has_no_fix)
{
	lint("static-call-in-loop",
	     "struct s { __u64 v[4]; };\nstruct s g;\n"
	     "static int f(struct s *p, __u64 x) { return x < 4 ? p->v[x] != 0 : 0; }\n"
	     "SEC(\"xdp\") int p(struct xdp_md *c) { int n = 0;\n"
	     "  for (int i = 0; i < 4; i++) n += f(&g, i);\n"
	     "  return n & 1; }\n", 0);
	cr_assert_eq(found.n, 1);
	cr_assert(found.v[0].fix.unfixable);
	cr_expect(strstr(found.v[0].fix.unfixable, "NULL"));
}

Test(loops, global_functions_need_5_6)
{
	lint("static-call-in-loop",
	     "static int f(__u64 x) { return x < 128 ? arr[x] != 0 : 0; }\n"
	     "SEC(\"xdp\") int p(struct xdp_md *c) { int n = 0;\n"
	     "  for (int i = 0; i < 4; i++) n += f(i);\n"
	     "  return n & 1; }\n", KVER(5, 4));
	cr_assert_eq(found.n, 1);
	cr_assert(found.v[0].fix.unfixable);
	cr_expect(strstr(found.v[0].fix.unfixable, "5.6"));
}

Test(loops, repeat_index_step_removal_and_range)
{
	lint("repeat-index",
	     "SEC(\"xdp\") int p(struct xdp_md *c) { __u64 s = 0; int i = 0;\n"
	     "  bpf_repeat(64) {\n"
	     "    if (i < 64) s += arr[i]; else break;\n"
	     "    i++;\n"
	     "  }\n"
	     "  return s & 1; }\n", 0);
	cr_assert_eq(found.n, 1);
	cr_expect(strstr(found.v[0].message, "once per value"));
	cr_assert_eq(found.v[0].fix.n_edits, 2);
	cr_expect_str_eq(found.v[0].fix.edits[0].text, "bpf_for(i, 0, 64)");
	cr_expect_str_eq(found.v[0].fix.edits[1].text, "");
	cr_expect_eq(found.v[0].fix.edits[1].length, strlen("    i++;\n"));
}

Test(loops, can_loop_unsigned_long_gets_zero_and_barrier)
{
	lint("can-loop-index",
	     "SEC(\"xdp\") int p(struct xdp_md *c) { __u64 s = 0;\n"
	     "  for (unsigned long i = 0; i < 100 && can_loop; i++) {\n"
	     "    s += arr[i];\n"
	     "  }\n"
	     "  return s & 1; }\n", 0);
	cr_assert_eq(found.n, 1);
	cr_assert_eq(found.v[0].fix.n_edits, 2);
	cr_expect_str_eq(found.v[0].fix.edits[0].text, "zero");
	cr_expect_str_eq(found.v[0].fix.edits[1].text, "barrier_var(i);\n");
	cr_expect_eq(found.v[0].fix.needs, BPF_NEED_ZERO | BPF_NEED_BARRIER_VAR);
	cr_expect_eq(found.v[0].fix.min_kernel, KVER(6, 9));
}

Test(loops, bpf_for_refuses_more_than_8m_iterations)
{
	lint("bounded-loop",
	     "SEC(\"xdp\") int p(struct xdp_md *c) { __u64 s = 0;\n"
	     "  for (int i = 0; i < 10000000; i++) if (arr[i & 127]) break; else s++;\n"
	     "  return s & 1; }\n", 0);
	cr_assert_eq(found.n, 1);
	cr_assert(found.v[0].fix.unfixable);
	cr_expect(strstr(found.v[0].fix.unfixable, "8,388,608"));
}

/* stack-budget and private stacks: the notes a finding carries per type. */
#define TWO_FRAMES(sec) \
	"static __attribute__((noinline)) int leaf(__u64 p) { char c[272];\n" \
	"  bpf_probe_read_kernel(c, sizeof(c), (void *)p); return c[0] ^ c[100]; }\n" \
	"SEC(\"" sec "\") int p(void *ctx) { char b[256];\n" \
	"  bpf_probe_read_kernel(b, sizeof(b), ctx); return leaf(b[3]); }\n"

static bool has_private_note(const struct bpf_finding *f)
{
	for (size_t i = 0; i < f->n_notes; i++)
		if (strstr(f->notes[i], "private stack"))
			return true;
	return false;
}

TestSuite(stack_budget, .fini = done);

/* 6.18.44-fc-v1147 accepted it, 6.18.44-fc-v1272 refuses it */
Test(stack_budget, tracepoint_is_reported_with_a_private_stack_note)
{
	lint("stack-budget", TWO_FRAMES("tracepoint/syscalls/sys_enter_openat"), 0);
	cr_assert_eq(found.n, 1);
	cr_expect(has_private_note(&found.v[0]));
	findings_free(&found);
	lint("stack-budget", TWO_FRAMES("raw_tp/sys_enter"), 0);
	cr_assert_eq(found.n, 1);
	cr_expect(has_private_note(&found.v[0]));
}

/* both builds accept a perf_event program (private stacks) */
Test(stack_budget, perf_event_is_not_reported_on_6_13)
{
	lint("stack-budget", TWO_FRAMES("perf_event"), KVER(6, 13));
	cr_expect_eq(found.n, 0);
}

Test(stack_budget, old_target_has_no_private_stacks)
{
	lint("stack-budget", TWO_FRAMES("perf_event"), KVER(6, 6));
	cr_assert_eq(found.n, 1);
	cr_expect(!has_private_note(&found.v[0]));
	findings_free(&found);
	lint("stack-budget", TWO_FRAMES("tracepoint/syscalls/sys_enter_openat"), KVER(6, 6));
	cr_assert_eq(found.n, 1);
	cr_expect(!has_private_note(&found.v[0]));
}

Test(stack_budget, kprobe_has_no_private_stack_note)
{
	lint("stack-budget", TWO_FRAMES("kprobe/do_sys_open"), 0);
	cr_assert_eq(found.n, 1);
	cr_expect(!has_private_note(&found.v[0]));
}
