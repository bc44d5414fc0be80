/* SPDX-License-Identifier: GPL-2.0-only */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "confirm/confirm.h"
#include "cmd/bpf-fix/verify_stage.h"
#include "rewrite/atomic.h"
#include "rules/rule.h"
#include "verifier-model/qemu/qemu.h"

int fix_verify_parse(const char *s)
{
	static const char *const names[] = { "model", "kernel", "both", "none" };

	for (int i = 0; i < 4; i++)
		if (!strcmp(s, names[i]))
			return i;
	return -1;
}

/* The target is the running kernel (or none was named): bpf() answers. */
static bool target_is_host(unsigned target)
{
	return !target || target == lint_running_kernel();
}

/* Can the kernel verifier of target run here? 0, or 2 with why printed. */
static int kernel_check(enum fix_verify mode, unsigned target)
{
	char why[256], rel[16];

	if (mode != FIX_VERIFY_KERNEL && mode != FIX_VERIFY_BOTH)
		return 0;
	if (target_is_host(target)) {
		if (vm_kernel_available(why, sizeof(why)))
			return 0;
	} else {
		vm_qemu__release_name(target, rel, sizeof(rel));
		if (!vm_qemu__available(rel, why, sizeof(why)))
			return 0;
	}
	fprintf(stderr, "bpf-fix: --verify=%s: %s\n",
		mode == FIX_VERIFY_KERNEL ? "kernel" : "both", why);
	return 2;
}

int verify_stage__check(enum fix_verify mode, unsigned target)
{
	return kernel_check(mode, target);
}

/* Candidates whose rule exists to lower the verifier's cost. */
static bool *cost_candidates(const struct fix_plan *plan)
{
	bool *c = calloc(plan->n_cand ? plan->n_cand : 1, sizeof(*c));

	for (size_t i = 0; c && i < plan->n_cand; i++) {
		const struct bpf_rule *r = rule_by_id(plan->cand[i].finding->rule);

		c[i] = !r || r->fix_lowers_cost;
	}
	return c;
}

/* Candidates the plan could apply at all (not unfixable, not too new). */
static bool *eligible_candidates(const struct fix_plan *plan)
{
	bool *e = calloc(plan->n_cand ? plan->n_cand : 1, sizeof(*e));

	for (size_t i = 0; e && i < plan->n_cand; i++)
		e[i] = plan->cand[i].check == FIX_APPLIED;
	return e;
}

/* Rejected-to-accepted programs first: the best news leads. */
static void print_outcome(FILE *out, const char *shown, const char *backend,
			  const struct confirm_outcome *o)
{
	const struct measurement *after = o->have_after ? &o->after : &o->before;

	fprintf(out, "%s: verified with the %s\n", shown, backend);
	confirm_print_table(out, &o->before, after);
}

static void print_dropped(FILE *out, const char *shown,
			  const struct fix_plan *plan, const struct confirm_outcome *o,
			  struct verify_totals *tot, bool count_kept)
{
	for (size_t i = 0; i < plan->n_cand; i++) {
		const struct bpf_finding *f = plan->cand[i].finding;

		if (o->kept[i]) {
			tot->fixes_kept += count_kept;
		} else if (o->dropped_why[i]) {
			tot->fixes_dropped++;
			fprintf(out, "%s:%u:%u: fix not applied [%s]: %s\n", shown,
				f->line, f->col, f->rule, o->dropped_why[i]);
		}
	}
}

/*
 * The model imitates the target release; the kernel backend is bpf() on
 * the running kernel, or the target release's verifier in a VM.
 */
static const struct vm_backend *backend_of(enum fix_verify mode, unsigned target)
{
	if (mode != FIX_VERIFY_KERNEL)
		return &vm_model_backend;
	return target_is_host(target) ? &vm_kernel_backend : &vm_qemu_backend;
}

/* Compile one other member of path's link group, as the project compiles it. */
static int compile_member(const char *member, const struct lint_options *opt,
			  struct compile_dir *dir, char *obj, size_t objlen)
{
	struct file_snapshot snap;
	struct lint_command cmd;
	struct compile_opts cc;
	char *log = NULL, why[512];
	int err;

	if (file_snapshot__read(&snap, member, why, sizeof(why))) {
		fprintf(stderr, "bpf-fix: %s (linked with the file): %s\n", member, why);
		return -EIO;
	}
	err = lint_compile_command(member, opt, &cmd);
	if (!err) {
		cc = (struct compile_opts){ .compiler = cmd.compiler, .args = cmd.args,
					    .cwd = cmd.dir };
		err = compile_bpf(dir, member, snap.bytes, snap.len, &cc, obj, objlen,
				  NULL, 0, &log);
		lint_command__free(&cmd);
	}
	if (err == -EBADMSG)
		fprintf(stderr, "bpf-fix: %s (linked with the file): does not compile:\n%s",
			member, log ? log : "");
	free(log);
	file_snapshot__free(&snap);
	return err;
}

/*
 * The objects the config's link: entry links with path (compiled once,
 * into dir), NULL-terminated; *out stays NULL when path is linked with
 * nothing. 0 or -errno (said).
 */
static int link_members(const char *path, const struct lint_options *opt,
			struct compile_dir *dir, char ***out)
{
	char **group = lint_link_group(path, opt), **objs, self[4096];
	size_t n = 0;
	int err = 0;

	*out = NULL;
	if (!group)
		return 0;
	if (!realpath(path, self))
		snprintf(self, sizeof(self), "%s", path);
	while (group[n])
		n++;
	objs = calloc(n + 1, sizeof(*objs));
	for (size_t i = 0, k = 0; objs && i < n && !err; i++) {
		char obj[4300];

		if (!strcmp(group[i], self))
			continue;
		err = compile_member(group[i], opt, dir, obj, sizeof(obj));
		if (!err && !(objs[k++] = strdup(obj)))
			err = -ENOMEM;
	}
	lint_args_free(group);
	if (!objs || err) {
		lint_args_free(objs);
		return objs ? err : -ENOMEM;
	}
	*out = objs;
	return 0;
}

/* One backend over the eligible candidates; eligible is narrowed to the kept. */
static int confirm_with(struct fix_plan *plan, const char *path,
			const char *shown, const struct lint_options *lopt,
			const struct compile_opts *file_cc, bool *eligible,
			enum fix_verify mode, FILE *out, struct verify_totals *tot,
			bool last)
{
	struct compile_opts linked = *file_cc, *cc = &linked;
	char **link_objs = NULL;
	unsigned target = plan->target_kernel;
	struct vm_options vopt = { .max_insns = 1000000,
				   .kernel = target_is_host(target) ? 0 : target };
	bool *must_help = cost_candidates(plan);
	struct confirm_source src = {
		.path = path, .cc = cc, .n_fixes = plan->n_cand,
		.eligible = eligible, .must_help = must_help,
		.render = fix_plan__render_cb, .cookie = plan,
	};
	char name[64];
	struct confirm_outcome o = { 0 };
	struct compile_dir dir;
	int err;

	if (target_is_host(target))
		snprintf(name, sizeof(name), "%s",
			 mode == FIX_VERIFY_KERNEL ? "kernel verifier" : "verifier model");
	else
		snprintf(name, sizeof(name), "%s of Linux %u.%u",
			 mode == FIX_VERIFY_KERNEL ? "kernel verifier (VM)" : "verifier model",
			 target / 256, target % 256);
	if (kernel_check(mode, target)) {
		free(must_help);
		return 2;
	}
	err = compile_dir__new(&dir);
	if (err) {
		fprintf(stderr, "bpf-fix: %s: temporary directory: %s\n", shown, strerror(-err));
		free(must_help);
		return 2;
	}
	/* Programs only loadable linked with others are confirmed linked. */
	if (link_members(path, lopt, &dir, &link_objs)) {
		fprintf(stderr, "bpf-fix: %s: a file it is linked with (link: in "
			".bpf-lint.yaml) cannot be compiled, not changed\n", shown);
		free(must_help);
		compile_dir__remove(&dir);
		return 2;
	}
	linked.link_with = link_objs;
	err = must_help ? confirm_choose(&src, backend_of(mode, target), &vopt, &dir, &o) : -ENOMEM;
	free(must_help);
	lint_args_free(link_objs);
	compile_dir__remove(&dir);
	if (err == -EBADMSG) {
		fprintf(stderr, "bpf-fix: %s: does not compile, not changed:\n%s", shown,
			o.before.compile_log ? o.before.compile_log : "");
	} else if (err == -ENOENT && !o.before.error[0]) {
		fprintf(stderr, "bpf-fix: %s: compiler '%s' not found, not changed\n",
			shown, cc->compiler ? cc->compiler : "clang-19");
	} else if (err) {
		fprintf(stderr, "bpf-fix: %s: %s\n", shown,
			o.before.error[0] ? o.before.error : strerror(-err));
	} else {
		print_outcome(out, shown, name, &o);
		print_dropped(out, shown, plan, &o, tot, last);
		if (last) {
			tot->insns_before += o.before.total;
			tot->insns_after += o.have_after ? o.after.total : o.before.total;
			tot->programs += (unsigned)o.before.n_progs;
		}
		memcpy(eligible, o.kept, plan->n_cand * sizeof(*eligible));
	}
	confirm_outcome__free(&o, plan->n_cand);
	return err ? 2 : 0;
}

int verify_stage__run(struct fix_plan *plan, const char *path,
		      const char *shown, const struct lint_options *opt,
		      enum fix_verify mode, FILE *out, struct verify_totals *tot)
{
	struct lint_command cmd;
	struct compile_opts cc;
	bool *eligible;
	int status;

	if (mode == FIX_VERIFY_NONE || !fix_plan__changed(plan))
		return 0;
	eligible = eligible_candidates(plan);
	if (!eligible || lint_compile_command(path, opt, &cmd)) {
		free(eligible);
		return 2;
	}
	/* the project's compiler and flags (compile database, `--`), else clang-19 */
	cc = (struct compile_opts){ .compiler = cmd.compiler, .args = cmd.args,
				    .cwd = cmd.dir };
	if (mode == FIX_VERIFY_BOTH) {
		status = confirm_with(plan, path, shown, opt, &cc, eligible,
				      FIX_VERIFY_MODEL, out, tot, false);
		if (!status)
			status = confirm_with(plan, path, shown, opt, &cc, eligible,
					      FIX_VERIFY_KERNEL, out, tot, true);
	} else {
		status = confirm_with(plan, path, shown, opt, &cc, eligible, mode,
				      out, tot, true);
	}
	if (status)
		memset(eligible, 0, plan->n_cand * sizeof(*eligible));
	if (fix_plan__select(plan, eligible))
		status = 2;
	free(eligible);
	lint_command__free(&cmd);
	return status;
}

void verify_totals__print(const struct verify_totals *t, FILE *out)
{
	double pct = t->insns_before
		? 100.0 * (double)(t->insns_after - t->insns_before) / (double)t->insns_before
		: 0.0;

	fprintf(out, "summary: %u file%s changed, %u fix%s kept, %u dropped; "
		"processed insns %ld -> %ld (%+.1f%%) over %u program%s\n",
		t->files_changed, t->files_changed == 1 ? "" : "s",
		t->fixes_kept, t->fixes_kept == 1 ? "" : "es", t->fixes_dropped,
		t->insns_before, t->insns_after, pct, t->programs,
		t->programs == 1 ? "" : "s");
}
