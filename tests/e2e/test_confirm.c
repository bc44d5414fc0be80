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
