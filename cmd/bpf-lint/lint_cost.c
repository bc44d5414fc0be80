/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "confirm/cost.h"
#include "cmd/bpf-lint/lint_cost.h"
#include "rewrite/plan.h"
#include "rules/rule.h"

static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
		buf = malloc((size_t)n + 1);
		if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
			free(buf);
			buf = NULL;
		}
		*len = (size_t)n;
	}
	fclose(f);
	return buf;
}

/* What the finding's lines are, in the words of the note (the rule says). */
static const char *scope_word(const char *id)
{
	const struct bpf_rule *r = rule_by_id(id);

	return r && r->cost_scope ? r->cost_scope : "these lines account";
}

/* The finding's program: the one its own lines run in (a call site), else any; -1: none. */
static int finding_prog(const struct file_cost *fc, const struct bpf_finding *f, long *insns)
{
	long own;
	int k = file_cost__costliest(fc, f->line, f->end_line, &own);

	if (k >= 0)
		*insns = prog_cost__lines(&fc->progs[k], f->scope_line, f->scope_end_line);
	else
		k = file_cost__costliest(fc, f->scope_line, f->scope_end_line, insns);
	return k;
}

static void annotate_one(struct bpf_finding *f, const struct file_cost *fc)
{
	long insns = 0;
	int k = finding_prog(fc, f, &insns);

	f->cost = insns;
	if (k < 0)
		return;
	finding_add_note(f, "%s for %ld of %ld processed insns in prog %s "
			 "(verifier model)", scope_word(f->rule), insns,
			 fc->progs[k].total, fc->progs[k].name);
}

/* Processed insns of the accepted program name in fc, or -1. */
static long accepted_total(const struct file_cost *fc, const char *name)
{
	for (size_t i = 0; i < fc->n_progs; i++)
		if (!strcmp(fc->progs[i].name, name))
			return fc->progs[i].verdict == VM_ACCEPTED ? fc->progs[i].total : -1;
	return -1;
}

/*
 * Both figures in a note. A fix the model measures as no gain or a loss
 * is no advice: the warning becomes a note (issue 19: 21 of 45 un-inlining
 * fixes on one project grew the program, 16 left it as it was).
 */
static void judge_fix(struct bpf_finding *f, const char *prog, long before, long after)
{
	if (after < before) {
		finding_add_note(f, "the fix saves %ld processed insns in prog %s: %ld -> %ld "
				 "(verifier model)", before - after, prog, before, after);
		return;
	}
	finding_add_note(f, "the fix measures %s in prog %s: %ld -> %ld processed insns "
			 "(verifier model)", after == before ? "no gain" : "a loss", prog,
			 before, after);
	if (f->severity == BPF_SEV_WARNING)
		f->severity = BPF_SEV_NOTE;
}

/* f's program measured again with the bytes of f's fix alone. */
static void measure_fix(struct bpf_finding *f, const struct file_cost *fc, const char *path,
			const char *bytes, size_t len, char *const *args)
{
	struct file_cost with;
	long insns, after;
	int k = finding_prog(fc, f, &insns);

	if (k < 0 || file_cost__measure(&with, path, bytes, len, args, &vm_model_backend))
		return;
	after = with.compiled ? accepted_total(&with, fc->progs[k].name) : -1;
	/* a fix that does not compile or verify is bpf-fix's to refuse */
	if (after >= 0 && fc->progs[k].verdict == VM_ACCEPTED)
		judge_fix(f, fc->progs[k].name, fc->progs[k].total, after);
	else if (after >= 0)
		finding_add_note(f, "with the fix, prog %s passes the verifier model in %ld "
				 "processed insns", fc->progs[k].name, after);
	file_cost__free(&with);
}

/* The kernel the fixes are for: the option, the file's lint, else the running one. */
static unsigned target_of(const struct bpf_findings *all, const struct lint_options *opt)
{
	if (opt->target_kernel)
		return opt->target_kernel;
	return all->target_kernel ? all->target_kernel : lint_running_kernel();
}

/*
 * Each of the first n findings of path with a fix of its own in path: the
 * file compiled with that fix alone (rendered as bpf-fix writes it) and
 * its program verified again.
 */
static int measure_fixes(struct bpf_findings *all, size_t n, const struct file_cost *fc,
			 const char *path, const char *text, size_t len, char *const *args,
			 unsigned target)
{
	struct fix_plan p;
	bool *allowed;
	int err = 0;

	if (fix_plan__init(&p, path, text, len, all, target))
		return -ENOMEM;
	allowed = calloc(p.n_cand + 1, sizeof(*allowed));
	for (size_t k = 0; allowed && k < p.n_cand; k++) {
		size_t i = (size_t)(p.cand[k].finding - all->v), fixed_len = 0;
		char *fixed;

		if (i >= n || p.cand[k].check != FIX_APPLIED || !all->v[i].file ||
		    strcmp(all->v[i].file, path))
			continue;
		allowed[k] = true;
		fixed = fix_plan__bytes_for(&p, allowed, &fixed_len);
		allowed[k] = false;
		if (fixed)
			measure_fix(&all->v[i], fc, path, fixed, fixed_len, args);
		free(fixed);
	}
	if (!allowed)
		err = -ENOMEM;
	fix_plan__free(&p);
	free(allowed);
	return err;
}

/* An error finding of its own for a program the model refuses. */
static int add_rejection(struct bpf_findings *all, const char *path,
			 const struct prog_cost *pc)
{
	unsigned lines[5];
	long counts[5];
	size_t n = prog_cost__hottest(pc, lines, counts, 5);
	struct bpf_finding *f = findings_add(all);

	if (!f)
		return -ENOMEM;
	f->rule = LINT_COST_REJECTED_RULE;
	/* a model limit is ours, not the program's fault: not an error */
	f->severity = pc->verdict == VM_REJECTED ? BPF_SEV_ERROR : BPF_SEV_WARNING;
	f->file = strdup(path);
	f->line = f->end_line = f->scope_line = f->scope_end_line = n ? lines[0] : 1;
	f->col = f->end_col = 1;
	f->cost = pc->total;
	/* "too large" reasons already carry the count */
	if (asprintf(&f->message, pc->verdict != VM_REJECTED ?
		     "the verifier model cannot check program '%s': %s (after %ld processed insns)" :
		     strstr(pc->reason, "Processed") ? "program '%s' would be rejected: %s" :
		     "program '%s' would be rejected: %s (%ld processed insns)",
		     pc->name, pc->reason, pc->total) < 0)
		f->message = NULL;
	if (!f->file || !f->message)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		finding_add_note(f, "hot line %u: %ld processed insns (%.1f%%)", lines[i],
				 counts[i], pc->total ? 100.0 * (double)counts[i] /
				 (double)pc->total : 0.0);
	return 0;
}

static int cost_file(struct bpf_findings *all, const char *path,
		     const struct lint_options *opt)
{
	struct file_cost fc;
	size_t len = 0, n_before = all->n, source_len;
	char *text = opt->unsaved_text ? NULL : read_file(path, &len);
	const char *source;
	char **args = lint_compile_args(path, opt);
	int err;

	if ((!text && !opt->unsaved_text) || !args) {
		free(text);
		lint_args_free(args);
		return 0;	/* lint_run has said why already */
	}
	source = opt->unsaved_text ? opt->unsaved_text : text;
	source_len = opt->unsaved_text ? opt->unsaved_len : len;
	err = file_cost__measure(&fc, path, source, source_len, args, &vm_model_backend);
	if (!err && !fc.compiled)
		fprintf(stderr, "bpf-lint: %s: --cost: does not compile for BPF: %.*s\n", path,
			(int)strcspn(fc.compile_log ? fc.compile_log : "", "\n"),
			fc.compile_log ? fc.compile_log : "");
	else if (!err && fc.error[0])
		fprintf(stderr, "bpf-lint: %s: --cost: %s\n", path, fc.error);
	for (size_t i = 0; !err && fc.compiled && i < n_before; i++)
		if (all->v[i].file && !strcmp(all->v[i].file, path))
			annotate_one(&all->v[i], &fc);
	if (!err && fc.compiled)	/* before add_rejection: the plan points into all */
		err = measure_fixes(all, n_before, &fc, path, source, source_len, args,
				    target_of(all, opt));
	for (size_t i = 0; !err && i < fc.n_progs; i++)
		if (fc.progs[i].verdict != VM_ACCEPTED)
			err = add_rejection(all, path, &fc.progs[i]);
	file_cost__free(&fc);
	free(text);
	lint_args_free(args);
	return err;
}

int lint_cost__annotate(struct bpf_findings *all, char *const *files, int n,
			const struct lint_options *opt)
{
	for (int i = 0; i < n; i++) {
		int err = cost_file(all, files[i], opt);

		if (err)
			return err;
	}
	return 0;
}

static int by_cost(const void *a, const void *b)
{
	const struct bpf_finding *x = a, *y = b;
	int c;

	if (x->cost != y->cost)
		return x->cost > y->cost ? -1 : 1;
	c = strcmp(x->file ? x->file : "", y->file ? y->file : "");
	return c ? c : (x->offset > y->offset) - (x->offset < y->offset);
}

void lint_cost__sort(struct bpf_findings *all)
{
	qsort(all->v, all->n, sizeof(*all->v), by_cost);
}
