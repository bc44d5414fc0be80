/* SPDX-License-Identifier: GPL-2.0-only */
/* confirm/: judging measurements, compiling in a private directory. */
#define _GNU_SOURCE /* asprintf */
#include <criterion/criterion.h>
#include <stdio.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "confirm/confirm.h"

static struct bpf_insn code_a[2] = { { .code = 0xb7 }, { .code = 0x95 } };
static struct bpf_insn code_b[2] = { { .code = 0xb7, .imm = 1 }, { .code = 0x95 } };

static void one_prog(struct measurement *m, const char *name,
		     enum vm_verdict v, long insns, struct bpf_insn *code)
{
	memset(m, 0, sizeof(*m));
	m->compiled = true;
	m->progs = calloc(1, sizeof(*m->progs));
	m->n_progs = 1;
	snprintf(m->progs[0].name, sizeof(m->progs[0].name), "%s", name);
	m->progs[0].verdict = v;
	m->progs[0].insns = insns;
	m->progs[0].insns_copy = malloc(sizeof(code_a));
	memcpy(m->progs[0].insns_copy, code, sizeof(code_a));
	m->progs[0].n_insns = 2;
	m->total = insns;
}

static enum confirm_verdict judge(enum vm_verdict vb, long b, enum vm_verdict va,
				  long a, struct bpf_insn *code_after)
{
	struct measurement before, after;
	char why[256];
	enum confirm_verdict v;

	one_prog(&before, "p", vb, b, code_a);
	one_prog(&after, "p", va, a, code_after);
	v = confirm_judge(&before, &after, why, sizeof(why));
	cr_assert(why[0], "a verdict always comes with a reason");
	measurement__free(&before);
	measurement__free(&after);
	return v;
}

Test(confirm, judge_orders_outcomes)
{
	cr_expect_eq(judge(VM_ACCEPTED, 903, VM_ACCEPTED, 59, code_b), CONFIRM_HELPS);
	cr_expect_eq(judge(VM_ACCEPTED, 59, VM_ACCEPTED, 903, code_b), CONFIRM_WORSE);
	cr_expect_eq(judge(VM_ACCEPTED, 59, VM_ACCEPTED, 59, code_b), CONFIRM_NEUTRAL);
	cr_expect_eq(judge(VM_ACCEPTED, 59, VM_ACCEPTED, 59, code_a), CONFIRM_NO_CHANGE);
	cr_expect_eq(judge(VM_ACCEPTED, 903, VM_REJECTED, 20, code_b), CONFIRM_BREAKS);
	cr_expect_eq(judge(VM_REJECTED, 1000001, VM_ACCEPTED, 59, code_b),
		     CONFIRM_FIXES_REJECTION);
	cr_expect_eq(judge(VM_ACCEPTED, 10, VM_LOAD_ERROR, 0, code_b),
		     CONFIRM_UNVERIFIABLE);
	cr_expect(confirm_acceptable(CONFIRM_HELPS));
	cr_expect(confirm_acceptable(CONFIRM_FIXES_REJECTION));
	cr_expect(!confirm_acceptable(CONFIRM_WORSE));
	cr_expect(!confirm_acceptable(CONFIRM_NEUTRAL));
	cr_expect(!confirm_acceptable(CONFIRM_NO_CHANGE));
}

/* Issue 22: fixes were kept where the model said "rejected -> rejected". */
Test(confirm, rejected_before_and_after_confirms_nothing)
{
	struct measurement before, after;
	char why[256];
	enum confirm_verdict v;

	cr_expect_eq(judge(VM_REJECTED, 1000001, VM_REJECTED, 400000, code_b),
		     CONFIRM_STILL_REJECTED);
	cr_expect_eq(judge(VM_REJECTED, 400000, VM_REJECTED, 1000001, code_b),
		     CONFIRM_STILL_REJECTED);
	cr_expect(!confirm_acceptable(CONFIRM_STILL_REJECTED));
	one_prog(&before, "p", VM_REJECTED, 1000001, code_a);
	one_prog(&after, "p", VM_REJECTED, 30, code_b);
	v = confirm_judge(&before, &after, why, sizeof(why));
	cr_expect_eq(v, CONFIRM_STILL_REJECTED);
	cr_expect(strstr(why, "p is rejected before and after"), "%s", why);
	cr_expect(!measurement__any_grew(&after, &before),
		  "a rejected program's count is where it gave up, not growth");
	measurement__free(&before);
	measurement__free(&after);
}

/* Two programs: one accepted both times decides, the rejected one does not. */
Test(confirm, accepted_programs_decide_beside_a_rejected_one)
{
	struct measurement before, after;
	char why[256];

	one_prog(&before, "rej", VM_REJECTED, 500000, code_a);
	one_prog(&after, "rej", VM_REJECTED, 900, code_b);
	before.progs = realloc(before.progs, 2 * sizeof(*before.progs));
	after.progs = realloc(after.progs, 2 * sizeof(*after.progs));
	before.n_progs = after.n_progs = 2;
	before.progs[1] = before.progs[0];
	after.progs[1] = after.progs[0];
	before.progs[1].insns_copy = malloc(sizeof(code_a));
	after.progs[1].insns_copy = malloc(sizeof(code_a));
	memcpy(before.progs[1].insns_copy, code_a, sizeof(code_a));
	memcpy(after.progs[1].insns_copy, code_b, sizeof(code_a));
	snprintf(before.progs[1].name, 64, "ok");
	snprintf(after.progs[1].name, 64, "ok");
	before.progs[1].verdict = after.progs[1].verdict = VM_ACCEPTED;
	before.progs[1].insns = 100;
	after.progs[1].insns = 120;
	cr_expect_eq(confirm_judge(&before, &after, why, sizeof(why)), CONFIRM_WORSE,
		     "the accepted program grows 100 -> 120: %s", why);
	cr_expect(strstr(why, "100 -> 120"), "%s", why);
	after.progs[1].insns = 80;
	cr_expect_eq(confirm_judge(&before, &after, why, sizeof(why)), CONFIRM_HELPS);
	measurement__free(&before);
	measurement__free(&after);
}

Test(confirm, uncompilable_candidate_is_judged_so)
{
	struct measurement before, after = { 0 };
	char why[256];

	one_prog(&before, "p", VM_ACCEPTED, 10, code_a);
	cr_expect_eq(confirm_judge(&before, &after, why, sizeof(why)),
		     CONFIRM_NO_COMPILE);
	measurement__free(&before);
}

/* The reason quotes clang's first error, named as the file, not its temporary copy. */
Test(confirm, uncompilable_candidate_names_the_first_error)
{
	struct measurement before, after = { 0 };
	char why[512];

	after.compile_log = strdup(
		"In file included from /tmp/bpf-fix.Ab12/3-prog.bpf.c:2:\n"
		"/tmp/bpf-fix.Ab12/3-prog.bpf.c:25:2: error: expected a for, while, or do-while "
		"loop to follow '#pragma unroll'\n"
		"   25 |         int i;\n"
		"/usr/include/x.h:1:1: error: second\n2 errors generated.\n");
	one_prog(&before, "p", VM_ACCEPTED, 10, code_a);
	cr_expect_eq(confirm_judge(&before, &after, why, sizeof(why)), CONFIRM_NO_COMPILE);
	cr_expect_str_eq(why, "the rewritten file does not compile: prog.bpf.c:25:2 (as rewritten): "
			 "error: expected a for, while, or do-while loop to follow '#pragma unroll'");
	free(after.compile_log);
	after.compile_log = strdup("./vmlinux.h:9:8: error: redefinition of 'bpf_iter_num'\n");
	confirm_judge(&before, &after, why, sizeof(why));
	cr_expect_str_eq(why, "the rewritten file does not compile: ./vmlinux.h:9:8: error: "
			 "redefinition of 'bpf_iter_num'");
	free(after.compile_log);
	measurement__free(&before);
}

Test(confirm, compiles_in_a_private_dir_and_removes_it)
{
	static const char good[] =
		"int f(void) { return 0; }\n";
	static const char bad[] = "int f(void) { return }\n";
	char *const args[] = { (char *)"-target", (char *)"bpf", NULL };
	const struct compile_opts cc = { .args = args };
	struct compile_dir dir;
	char obj[4300], *log = NULL;
	struct stat st;

	cr_assert_eq(compile_dir__new(&dir), 0);
	cr_assert_eq(compile_bpf(&dir, "/nonexistent/x.bpf.c", good,
				 sizeof(good) - 1, &cc, obj, sizeof(obj), NULL, 0, &log), 0);
	cr_expect_eq(stat(obj, &st), 0, "the object was written");
	cr_expect_null(log);
	cr_expect_eq(compile_bpf(&dir, "/nonexistent/x.bpf.c", bad,
				 sizeof(bad) - 1, &cc, obj, sizeof(obj), NULL, 0, &log),
		     -EBADMSG);
	cr_assert_not_null(log);
	cr_expect(strstr(log, "error"), "compiler messages kept: %s", log);
	free(log);
	compile_dir__remove(&dir);
	cr_expect_neq(stat(obj, &st), 0, "nothing is left behind");
}

/* A shell script standing in for the project's compiler: it notes its run. */
static void write_wrapper(const char *dir, char *path, size_t len)
{
	FILE *f;

	snprintf(path, len, "%s/cc-wrap.sh", dir);
	f = fopen(path, "w");
	cr_assert_not_null(f);
	fprintf(f, "#!/bin/sh\necho \"$PWD $*\" >> %s/cc-wrap.log\n"
		"exec %s \"$@\"\n", dir, BPF_CLANG_PATH);
	fclose(f);
	chmod(path, 0755);
}

/* Issue 22: the compile database's compiler, run in the entry's directory. */
Test(confirm, compiles_with_the_projects_compiler)
{
	static const char good[] = "int f(void) { return 0; }\n";
	char *const args[] = { (char *)"-target", (char *)"bpf",
			       (char *)"-DFROM_PROJECT", NULL };
	char proj[] = "/tmp/bpf-fix-proj-XXXXXX", wrap[4200], logp[4200];
	char obj[4300], *log = NULL, line[8192] = "";
	struct compile_dir dir;
	FILE *f;

	cr_assert_not_null(mkdtemp(proj));
	write_wrapper(proj, wrap, sizeof(wrap));
	cr_assert_eq(compile_dir__new(&dir), 0);
	{
		const struct compile_opts cc = { .compiler = "./cc-wrap.sh",
						 .args = args, .cwd = proj };

		cr_assert_eq(compile_bpf(&dir, "/nonexistent/x.bpf.c", good,
					 sizeof(good) - 1, &cc, obj, sizeof(obj),
					 NULL, 0, &log), 0, "%s", log ? log : "");
	}
	snprintf(logp, sizeof(logp), "%s/cc-wrap.log", proj);
	f = fopen(logp, "r");
	cr_assert_not_null(f, "the project's compiler ran");
	cr_expect_not_null(fgets(line, sizeof(line), f));
	fclose(f);
	cr_expect_eq(strncmp(line, proj, strlen(proj)), 0, "in the entry's directory: %s", line);
	cr_expect(strstr(line, "-DFROM_PROJECT"), "with the project's flags: %s", line);
	cr_expect(strstr(line, " -g "), "with debug info: %s", line);
	{
		const struct compile_opts missing = { .compiler = "clang-nonexistent-16",
						      .args = args };

		cr_expect_eq(compile_bpf(&dir, "/nonexistent/x.bpf.c", good,
					 sizeof(good) - 1, &missing, obj, sizeof(obj),
					 NULL, 0, &log), -ENOENT, "a missing compiler is said");
	}
	compile_dir__remove(&dir);
	unlink(logp);
	unlink(wrap);
	cr_expect_eq(rmdir(proj), 0);
}

Test(confirm, over_budget_trial_is_worse)
{
	struct measurement before, after;
	char why[256];

	one_prog(&before, "p", VM_ACCEPTED, 59, code_a);
	one_prog(&after, "p", VM_REJECTED, 10237, code_b);
	after.progs[0].over_budget = true;
	cr_expect_eq(confirm_judge(&before, &after, why, sizeof(why)), CONFIRM_WORSE);
	cr_expect(strstr(why, "more than 10236"), "the floor is named: %s", why);
	cr_expect(measurement__any_grew(&before, &after));
	cr_expect(measurement__over_budget(&after));
	cr_expect(!measurement__over_budget(&before));
	measurement__free(&before);
	measurement__free(&after);
}

/* A loop the model walks for about 250,000 insns. */
static const char long_loop[] =
	"__attribute__((section(\"xdp\"), used)) int p(void *ctx)\n"
	"{ volatile int s = 0; for (int i = 0; i < 50000; i++) s += i; return 0; }\n"
	"__attribute__((section(\"license\"), used)) char l[] = \"GPL\";\n";

static void compile_long_loop(struct compile_dir *dir, char *obj, size_t len)
{
	char *const args[] = { (char *)"-target", (char *)"bpf", NULL };
	const struct compile_opts cc = { .args = args };
	char *log = NULL;

	cr_assert_eq(compile_bpf(dir, "/nonexistent/loop.bpf.c", long_loop,
				 sizeof(long_loop) - 1, &cc, obj, len, NULL, 0, &log),
		     0, "%s", log ? log : "");
}

Test(confirm, trial_stops_at_its_budget)
{
	struct compile_dir dir;
	struct measurement ref, full = { 0 }, trial = { 0 };
	struct vm_options opt = { .max_insns = 1000000 };
	char obj[4300];

	cr_assert_eq(compile_dir__new(&dir), 0);
	compile_long_loop(&dir, obj, sizeof(obj));
	cr_assert_eq(measurement__verify(&full, obj, &vm_model_backend, &opt, NULL), 0);
	cr_assert_eq(full.progs[0].verdict, VM_ACCEPTED, "%s", full.progs[0].reason);
	cr_assert_gt(full.progs[0].insns, 4 * 100 + 10000, "the loop is long");
	cr_expect(!full.progs[0].over_budget);

	/* judged against a reference that needed 100 insns: stop at 10,400 */
	one_prog(&ref, "p", VM_ACCEPTED, 100, code_a);
	cr_assert_eq(measurement__verify(&trial, obj, &vm_model_backend, &opt, &ref), 0);
	cr_expect(trial.progs[0].over_budget);
	cr_expect_eq(trial.progs[0].insns, 4 * 100 + 10000 + 1);

	/* a reference as long as the program itself leaves the count exact */
	measurement__free(&trial);
	cr_assert_eq(measurement__verify(&trial, obj, &vm_model_backend, &opt, &full), 0);
	cr_expect(!trial.progs[0].over_budget);
	cr_expect_eq(trial.progs[0].insns, full.progs[0].insns);
	measurement__free(&trial);
	measurement__free(&full);
	measurement__free(&ref);
	compile_dir__remove(&dir);
}

Test(confirm, two_compiles_overlap)
{
	static const char a[] = "int f(void) { return 0; }\n";
	static const char bad[] = "int g(void) { return }\n";
	char *const args[] = { (char *)"-target", (char *)"bpf", NULL };
	const struct compile_opts cc = { .args = args };
	struct compile_dir dir;
	struct compile_job ja, jb;
	char *log = NULL;
	struct stat st;

	cr_assert_eq(compile_dir__new(&dir), 0);
	cr_assert_eq(compile_job__start(&ja, &dir, "/x/a.bpf.c", a, sizeof(a) - 1, &cc), 0);
	cr_assert_eq(compile_job__start(&jb, &dir, "/x/b.bpf.c", bad, sizeof(bad) - 1, &cc), 0);
	cr_expect_neq(ja.pid, jb.pid);
	cr_expect_eq(compile_job__finish(&jb, &log), -EBADMSG);
	cr_expect(log && strstr(log, "error"));
	free(log);
	cr_expect_eq(compile_job__finish(&ja, &log), 0);
	cr_expect_null(log);
	cr_expect_eq(stat(ja.obj, &st), 0);
	cr_expect_eq(compile_job__finish(&ja, &log), -ECHILD, "a job is waited for once");
	cr_assert_eq(compile_job__start(&jb, &dir, "/x/c.bpf.c", a, sizeof(a) - 1, &cc), 0);
	compile_job__cancel(&jb);
	cr_expect_eq(jb.pid, 0, "a cancelled job is reaped");
	cr_expect_eq(compile_job__finish(&jb, &log), -ECHILD);
	compile_dir__remove(&dir);
}

/* A file's name in the object (its __FILE__ string), read back. */
static bool object_names(const char *obj, const char *name)
{
	FILE *f = fopen(obj, "rb");
	static char buf[1 << 16];
	size_t n = f ? fread(buf, 1, sizeof(buf), f) : 0, l = strlen(name);

	if (f)
		fclose(f);
	for (size_t i = 0; i + l <= n; i++)
		if (!memcmp(buf + i, name, l))
			return true;
	return false;
}

/*
 * Issue 22: a trial is compiled under the file's own name, whatever its
 * number: __FILE__ is code (a project's log macro copies it), and a name
 * that grew with the trial's number made a second bpf-fix run change more.
 */
Test(confirm, compiles_under_the_files_own_name)
{
	static const char text[] =
		"#include \"near.h\"\n"
		"const char where[] = __FILE__ \"|\" NEAR;\n";
	char *const args[] = { (char *)"-target", (char *)"bpf", NULL };
	const struct compile_opts cc = { .args = args };
	char proj[] = "/tmp/bpf-fix-name-XXXXXX", path[4200], want[4300], obj[4300];
	char *log = NULL;
	struct compile_dir dir;
	FILE *f;

	cr_assert_not_null(mkdtemp(proj));
	snprintf(path, sizeof(path), "%s/near.h", proj);
	f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs("#define NEAR \"near\"\n", f);
	fclose(f);
	snprintf(path, sizeof(path), "%s/p.bpf.c", proj);
	f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs("/* the text on disk is not the one compiled */\n", f);
	fclose(f);
	snprintf(want, sizeof(want), "%s|near", path);
	cr_assert_eq(compile_dir__new(&dir), 0);
	for (int i = 0; i < 12; i++) {	/* ids 0 to 11: one digit, then two */
		cr_assert_eq(compile_bpf(&dir, path, text, sizeof(text) - 1, &cc, obj,
					 sizeof(obj), NULL, 0, &log), 0, "%s", log ? log : "");
		cr_expect(object_names(obj, want), "compile %d names %s", i, want);
		cr_expect(!object_names(obj, dir.path), "compile %d names no temporary", i);
	}
	compile_dir__remove(&dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/near.h", proj);
	unlink(path);
	cr_expect_eq(rmdir(proj), 0);
}

/* Two programs; the second's loop bound and a const it reads vary. */
static void measure_src(struct compile_dir *dir, const char *text,
			const struct measurement *ref, struct measurement *m)
{
	char *const args[] = { (char *)"-target", (char *)"bpf", NULL };
	const struct compile_opts cc = { .args = args };
	struct vm_options opt = { .max_insns = 1000000 };
	char obj[4300], *log = NULL;

	cr_assert_eq(compile_bpf(dir, "/nonexistent/two.bpf.c", text, strlen(text), &cc,
				 obj, sizeof(obj), NULL, 0, &log), 0, "%s", log ? log : "");
	memset(m, 0, sizeof(*m));
	cr_assert_eq(measurement__verify(m, obj, &vm_model_backend, &opt, ref), 0, "%s", m->error);
}

static const struct prog_figures *prog_named(const struct measurement *m, const char *n)
{
	for (size_t i = 0; i < m->n_progs; i++)
		if (!strcmp(m->progs[i].name, n))
			return &m->progs[i];
	cr_assert_fail("no program %s", n);
	return NULL;
}

/* Issue 22: a trial verifies only the programs an edit can change. */
Test(confirm, unchanged_programs_are_not_verified_again)
{
	static const char fmt[] =
		"const volatile int limit = %d;\n"
		"__attribute__((section(\"xdp\"), used)) int steady(void *ctx)\n"
		"{ volatile int s = 0; for (int i = 0; i < 300; i++) s += i; return 0; }\n"
		"__attribute__((section(\"xdp\"), used)) int edited(void *ctx)\n"
		"{ volatile int s = 0; for (int i = 0; i < %d; i++) s += i; return s > limit; }\n"
		"__attribute__((section(\"license\"), used)) char l[] = \"GPL\";\n";
	char a[1024], b[1024], c[1024];
	struct measurement ma, mb, mc;
	struct compile_dir dir;

	snprintf(a, sizeof(a), fmt, 5, 200);
	snprintf(b, sizeof(b), fmt, 5, 100);
	snprintf(c, sizeof(c), fmt, 6, 200);
	cr_assert_eq(compile_dir__new(&dir), 0);
	measure_src(&dir, a, NULL, &ma);
	measure_src(&dir, b, &ma, &mb);
	measure_src(&dir, c, &ma, &mc);
	cr_expect(!prog_named(&ma, "steady")->reused, "no reference: verified");
	cr_expect(prog_named(&mb, "steady")->reused, "same code, maps and data: reused");
	cr_expect_eq(prog_named(&mb, "steady")->insns, prog_named(&ma, "steady")->insns);
	cr_expect(!prog_named(&mb, "edited")->reused, "its loop changed: verified");
	cr_expect_lt(prog_named(&mb, "edited")->insns, prog_named(&ma, "edited")->insns);
	cr_expect(prog_named(&mc, "steady")->reused);
	cr_expect(!prog_named(&mc, "edited")->reused,
		  "the frozen .rodata it reads changed: verified again");
	measurement__free(&ma);
	measurement__free(&mb);
	measurement__free(&mc);
	compile_dir__remove(&dir);
}

/*
 * Three candidates whose worth depends on each other: A alone makes the
 * loop longer (100 -> 150 iterations), B shortens it (50), A on top of B
 * shortens it further (20), C breaks the program. All together fail, so
 * they are tried one by one in order: A is dropped before B is kept.
 */
static char *three_fixes_render(void *cookie, const bool *chosen, size_t *len)
{
	int n = chosen[1] ? (chosen[0] ? 20 : 50) : (chosen[0] ? 150 : 100);
	char *text = NULL;

	(void)cookie;
	if (asprintf(&text,
		     "__attribute__((section(\"xdp\"), used)) int p(void *ctx)\n"
		     "{ volatile int s = 0; for (int i = 0; i < %d; i++) s += i;\n"
		     "  return %s; }\n"
		     "__attribute__((section(\"license\"), used)) char l[] = \"GPL\";\n",
		     n, chosen[2] ? "*(int *)(long)s" : "0") < 0)
		return NULL;
	*len = strlen(text);
	return text;
}

/* Issue 22: a second run judges A on top of B and keeps it; so must the first. */
Test(confirm, dropped_fixes_are_judged_again_on_the_final_set)
{
	char *const args[] = { (char *)"-target", (char *)"bpf", NULL };
	const struct compile_opts cc = { .args = args };
	struct confirm_source src = { .path = "/nonexistent/three.bpf.c", .cc = &cc,
				      .n_fixes = 3, .render = three_fixes_render };
	struct vm_options opt = { .max_insns = 1000000 };
	struct confirm_outcome out;
	struct compile_dir dir;

	cr_assert_eq(compile_dir__new(&dir), 0);
	cr_assert_eq(confirm_choose(&src, &vm_model_backend, &opt, &dir, &out), 0);
	cr_expect(out.kept[0], "A helps on top of B: kept (%s)",
		  out.dropped_why[0] ? out.dropped_why[0] : "");
	cr_expect(out.kept[1], "B helps");
	cr_expect(!out.kept[2] && out.dropped_why[2], "C breaks the program");
	cr_expect_null(out.dropped_why[0], "A's earlier drop is withdrawn");
	cr_assert(out.have_after);
	cr_expect_lt(out.after.total, out.before.total);
	confirm_outcome__free(&out, 3);
	compile_dir__remove(&dir);
}
