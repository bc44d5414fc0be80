/* SPDX-License-Identifier: GPL-2.0-only */
/* confirm/: judging measurements, compiling in a private directory. */
#include <criterion/criterion.h>
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
	struct compile_dir dir;
	char obj[4300], *log = NULL;
	struct stat st;

	cr_assert_eq(compile_dir__new(&dir), 0);
	cr_assert_eq(compile_bpf(&dir, "/nonexistent/x.bpf.c", good,
				 sizeof(good) - 1, args, obj, sizeof(obj), NULL, 0, &log), 0);
	cr_expect_eq(stat(obj, &st), 0, "the object was written");
	cr_expect_null(log);
	cr_expect_eq(compile_bpf(&dir, "/nonexistent/x.bpf.c", bad,
				 sizeof(bad) - 1, args, obj, sizeof(obj), NULL, 0, &log),
		     -EBADMSG);
	cr_assert_not_null(log);
	cr_expect(strstr(log, "error"), "compiler messages kept: %s", log);
	free(log);
	compile_dir__remove(&dir);
	cr_expect_neq(stat(obj, &st), 0, "nothing is left behind");
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
	char *log = NULL;

	cr_assert_eq(compile_bpf(dir, "/nonexistent/loop.bpf.c", long_loop,
				 sizeof(long_loop) - 1, args, obj, len, NULL, 0, &log),
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
	struct compile_dir dir;
	struct compile_job ja, jb;
	char *log = NULL;
	struct stat st;

	cr_assert_eq(compile_dir__new(&dir), 0);
	cr_assert_eq(compile_job__start(&ja, &dir, "/x/a.bpf.c", a, sizeof(a) - 1, args), 0);
	cr_assert_eq(compile_job__start(&jb, &dir, "/x/b.bpf.c", bad, sizeof(bad) - 1, args), 0);
	cr_expect_neq(ja.pid, jb.pid);
	cr_expect_eq(compile_job__finish(&jb, &log), -EBADMSG);
	cr_expect(log && strstr(log, "error"));
	free(log);
	cr_expect_eq(compile_job__finish(&ja, &log), 0);
	cr_expect_null(log);
	cr_expect_eq(stat(ja.obj, &st), 0);
	cr_expect_eq(compile_job__finish(&ja, &log), -ECHILD, "a job is waited for once");
	cr_assert_eq(compile_job__start(&jb, &dir, "/x/c.bpf.c", a, sizeof(a) - 1, args), 0);
	compile_job__cancel(&jb);
	cr_expect_eq(jb.pid, 0, "a cancelled job is reaped");
	cr_expect_eq(compile_job__finish(&jb, &log), -ECHILD);
	compile_dir__remove(&dir);
}
