// SPDX-License-Identifier: GPL-2.0-only
/*
 * bpf-fix: read each file, lint exactly those bytes, plan the fixes,
 * show the diff, and with --apply replace the file atomically.
 * Per file: snapshot -> lint_run -> fix_plan -> [confirm: a later stage
 * calls fix_plan__select() with the subset it keeps] -> diff / write.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "config.h"
#include "lint/inputs.h"
#include "lint/lint.h"
#include "cmd/pool.h"
#include "cmd/progress.h"
#include "rules/rule.h"
#include "confirm/compile.h"
#include "confirm/compile_cache.h"
#include "confirm/result_cache.h"
#include "rewrite/atomic.h"
#include "rewrite/diff.h"
#include "rewrite/export.h"
#include "rewrite/plan.h"
#include "cmd/bpf-fix/report.h"
#include "cmd/bpf-fix/shared.h"
#include "cmd/bpf-fix/verify_stage.h"
#include "verifier-model/globals.h"
#include "verifier-model/qemu/qemu.h"
#include "cmd/cli.h"
#include "cmd/lint_opts.h"

struct cli {
	struct lint_options opt;
	bool apply;
	const char *export_path;
	char *rule_filter;       /* built from --rule */
	enum fix_verify verify;  /* --verify: who confirms the fixes */
	struct verify_totals totals;
	unsigned jobs;           /* -j N; 0: one per core */
	bool quiet;              /* -q: no progress, no summary */
	struct vm_globals globals;  /* -G: .rodata/.data/.bss presets for --verify */
	struct report_seen seen;    /* notes given: a header's finding once, not per unit */
};

static void usage(FILE *out)
{
	fprintf(out,
		"usage: bpf-fix [options] FILE.bpf.c|DIR... [-- CLANG-ARGS...]\n"
		"  DIR: its *.bpf.c (config files:) files, recursively, less .gitignore and exclude:\n"
		"  no FILE with -p DIR: every BPF file DIR/compile_commands.json lists\n"
		"  --apply                   rewrite the files in place (atomically)\n"
		"  --rule=ID,...             only the fixes of these rules\n"
		"  --rules=LIST              clang-tidy style list, as bpf-lint: \"-*,pragma-*\"\n"
		"  --export-fixes=FILE.yaml  also write the edits for clang-apply-replacements\n"
		"  --target-kernel=X.Y       make no fix that needs a newer kernel (default: running)\n"
		"  --verify=MODE             model (default), kernel, both or none: keep only the\n"
		"                            fixes that verifier confirms (fewer processed insns)\n"
		"  -G 'VAR = VALUE', -G @FILE  set a global before verifying (as veristat -G)\n"
		"  -p DIR                    read DIR/compile_commands.json\n"
		"  -j, --jobs=N              read and lint N files at once (default: one per core)\n"
		"  --compile-timeout=SECS    kill a compile (original or candidate) after SECS\n"
		"                            s of CPU time (or SECS without any); a candidate\n"
		"                            is dropped (default 120)\n"
		"  --parse-limits=MIB,SECS   memory and CPU time of each file's parse, run\n"
		"                            in a child process (default 2048,60)\n"
		"  -q, --quiet               no progress line, no summary\n"
		"  --header-filter=REGEX     as bpf-lint\n"
		"  --config=FILE             use FILE instead of the nearest .bpf-lint.yaml\n"
		"  --version                 print the version\n"
		"exit status: 0 nothing to change, 1 changes (diff shown), 2 an error\n");
}

/* --rule=a,b: exactly these rules ("-*,a,b"); each id must exist. */
static int set_rule_list(struct cli *c, const char *list)
{
	char *copy = strdup(list), *save = NULL;

	if (!copy)
		return 2;
	for (char *id = strtok_r(copy, ",", &save); id; id = strtok_r(NULL, ",", &save)) {
		if (!rule_by_id(id)) {
			fprintf(stderr, "bpf-fix: unknown rule '%s'\n", id);
			free(copy);
			return 2;
		}
	}
	free(copy);
	free(c->rule_filter);
	if (asprintf(&c->rule_filter, "-*,%s", list) < 0)
		return 2;
	c->opt.rule_filter = c->rule_filter;
	return -1;
}

/* -G EXPR: one line and exit status 2 when it does not parse. */
static int add_global(struct cli *c, const char *expr)
{
	char err[256] = "out of memory";

	if (!vm_globals__add(&c->globals, expr, err, sizeof(err))) {
		verify_stage__set_globals(&c->globals);
		return 0;
	}
	fprintf(stderr, "bpf-fix: %s\n", err);
	return 2;
}

static int parse_args(int argc, char **argv, struct cli *c, int *first_file)
{
	static const struct option longopts[] = {
		{ "apply", no_argument, 0, 'a' }, { "rule", required_argument, 0, 'R' },
		{ "rules", required_argument, 0, 'r' }, { "checks", required_argument, 0, 'r' },
		{ "export-fixes", required_argument, 0, 'x' },
		{ "header-filter", required_argument, 0, 'H' }, { "config", required_argument, 0, 'c' },
		{ "target-kernel", required_argument, 0, 'k' }, { "version", no_argument, 0, 'V' },
		{ "verify", required_argument, 0, 'v' }, { "jobs", required_argument, 0, 'j' },
		{ "quiet", no_argument, 0, 'q' }, { "set-global-vars", required_argument, 0, 'G' },
		{ "parse-limits", required_argument, 0, 'P' },
		{ "compile-timeout", required_argument, 0, 'T' },
		{ "help", no_argument, 0, 'h' }, { 0, 0, 0, 0 },
	};
	int ch, rc;

	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":p:hj:qG:", longopts, NULL)) != -1) {
		int shared = cli_lint_option("bpf-fix", ch, optarg, &c->opt, &c->jobs);

		if (shared < 0)
			return 2;
		if (shared)
			continue;
		switch (ch) {
		case 'a': c->apply = true; break;
		case 'R':
			if ((rc = set_rule_list(c, optarg)) >= 0)
				return rc;
			break;
		case 'x': c->export_path = optarg; break;
		case 'T': {
			char *end;
			unsigned long secs = strtoul(optarg, &end, 10);

			if (*end || !secs || secs > 86400) {
				fprintf(stderr, "bpf-fix: bad --compile-timeout '%s' (want SECONDS)\n",
					optarg);
				return 2;
			}
			compile__set_time_limit((unsigned)secs);
			break;
		}
		case 'q': c->quiet = true; break;
		case 'G':
			if (add_global(c, optarg))
				return 2;
			break;
		case 'v':
			if (fix_verify_parse(optarg) < 0) {
				fprintf(stderr, "bpf-fix: bad --verify '%s' (model, kernel, both or none)\n", optarg);
				return 2;
			}
			c->verify = (enum fix_verify)fix_verify_parse(optarg);
			break;
		case 'V': printf("bpf-fix %s\n", BPF_LINT_VERSION); return 0;
		case 'h': usage(stdout); return 0;
		default: return cli_bad_option("bpf-fix", argv, ch);
		}
	}
	*first_file = optind;
	return -1;
}

/*
 * Test hook (BPF_FIX_TEST_RACE): another writer changes the file between
 * read and write. "append" grows it; "same-size" changes one byte and
 * restores the mtime, so only the content comparison can notice.
 */
static void race_hook(const char *path, void *arg)
{
	const char *mode = arg;
	struct stat st;
	int fd = open(path, O_RDWR | O_CLOEXEC);
	char b;

	if (fd < 0 || fstat(fd, &st))
		goto out;
	if (!strcmp(mode, "append")) {
		static const char more[] = "/* changed by another writer */\n";

		if (lseek(fd, 0, SEEK_END) >= 0 && write(fd, more, sizeof(more) - 1) < 0)
			perror("race hook");
	} else if (!strcmp(mode, "same-size") && pread(fd, &b, 1, 0) == 1) {
		struct timespec t[2] = { st.st_atim, st.st_mtim };

		b = b == 'X' ? 'Y' : 'X';
		if (pwrite(fd, &b, 1, 0) != 1 || futimens(fd, t))
			perror("race hook");
	}
out:
	if (fd >= 0)
		close(fd);
}

/* The first line of a multi-line message (clang's diagnostics). */
static void first_line(const char *s, char *out, size_t n)
{
	size_t l = strcspn(s, "\n");

	snprintf(out, n, "%.*s", (int)(l < n ? l : n - 1), s);
}

static int lint_error(const char *path, int rc, const char *err)
{
	char line[512];

	first_line(err ? err : strerror(-rc), line, sizeof(line));
	if (rc == -EBADMSG)
		fprintf(stderr, "bpf-fix: %s: does not parse, not changed: %s\n", path, line);
	else if (err)	/* lint_run's messages name the file */
		fprintf(stderr, "bpf-fix: %s\n", line);
	else
		fprintf(stderr, "bpf-fix: %s: %s\n", path, line);
	return 2;
}

static int write_out(const struct file_snapshot *snap,
		     const struct fix_plan *plan, const char *path)
{
	struct replace_opts ro = { 0 };
	char why[512];
	const char *race = getenv("BPF_FIX_TEST_RACE");

	if (race) {
		ro.before_commit = race_hook;
		ro.arg = (void *)race;
	}
	if (file_snapshot__replace(snap, plan->out, plan->out_len, &ro, why, sizeof(why))) {
		fprintf(stderr, "bpf-fix: %s: %s\n", path, why);
		return 2;
	}
	return 0;
}

static int show_diff(const struct fix_plan *plan, const char *shown)
{
	char *diff = NULL;
	size_t len;
	int rc = diff_unified(shown, plan->orig, plan->orig_len, plan->out,
			      plan->out_len, &diff, &len);

	if (rc) {
		fprintf(stderr, "bpf-fix: %s: diff failed: %s\n", shown, strerror(-rc));
		return 2;
	}
	fwrite(diff, 1, len, stdout);
	free(diff);
	return 0;
}

/* One file on its way through the run; found and plan stay for --export-fixes. */
struct fix_item {
	const char *path;
	struct file_snapshot snap;
	bool have_snap;
	int read_status;         /* 2: the snapshot failed, said in why */
	char why[512];
	int lint_rc;
	char *err;
	struct bpf_findings found;
	struct fix_plan plan;
	int status;
};

struct run {
	struct cli *c;
	struct fix_item *items;
	size_t n;
	struct progress progress;
	int status;
	struct rule_tally included_fixes;   /* fixes in included files (one set) */
	size_t included_files;
};

/* Finish or undo the sets killed runs left in the files a unit includes; true if any. */
static bool recover_sets(const struct bpf_findings *found)
{
	bool any = false;

	for (size_t i = 0; i < found->n_includes; i++)
		any |= file_set__recover(found->includes[i]) > 0;
	return any;
}

/* Read the file and lint exactly those bytes, not a later version; 0 or -1 (said in why). */
static int read_and_lint(struct fix_item *it, const struct lint_options *base,
			 struct lint_session *s)
{
	struct lint_options opt = *base;

	if (file_snapshot__read(&it->snap, it->path, it->why, sizeof(it->why))) {
		it->read_status = 2;
		return -1;
	}
	it->have_snap = true;
	opt.unsaved_text = it->snap.bytes;
	opt.unsaved_len = it->snap.len;
	it->lint_rc = s ? lint_run(s, it->path, &opt, &it->found, &it->err) : -ENOMEM;
	return 0;
}

/* On a worker: read and lint the file, after any set a killed run left in it is settled. */
static void fix_work(void *arg, size_t i, struct lint_session *s)
{
	struct run *r = arg;
	struct fix_item *it = &r->items[i];
	unsigned settled = file_set__settled();

	if (r->c->apply)
		file_snapshot__remove_stale(it->path);
	if (read_and_lint(it, &r->c->opt, s) || !r->c->apply || it->lint_rc)
		return;
	if (recover_sets(&it->found) || file_set__settled() != settled) {
		/*
		 * a killed run's set was finished or undone while this worker
		 * read, by it or by another worker: read and lint again
		 */
		findings_free(&it->found);
		free(it->err);
		it->err = NULL;
		file_snapshot__free(&it->snap);
		it->have_snap = false;
		read_and_lint(it, &r->c->opt, s);
	}
}

/* In input order: plan, confirm, show and write one file; 0, 1 (changed) or 2. */
static int fix_finish(struct cli *c, struct fix_item *it)
{
	struct lint_options opt = c->opt;
	const char *path = it->path;
	char *shown;
	unsigned target;
	int status = 0;

	if (it->read_status) {
		fprintf(stderr, "bpf-fix: %s: %s\n", path, it->why);
		return 2;
	}
	if (it->lint_rc) {
		const char *err = it->err;

		if (!err && it->lint_rc == -ENOMEM)
			err = "cannot create a libclang index";
		status = lint_error(path, it->lint_rc, err);
		return it->lint_rc == -ENODATA ? 0 : status;	/* an empty file: said, nothing to fix */
	}
	opt.unsaved_text = it->snap.bytes;
	opt.unsaved_len = it->snap.len;
	target = c->opt.target_kernel ? c->opt.target_kernel
		: it->found.target_kernel ? it->found.target_kernel : lint_running_kernel();
	if (fix_plan__init(&it->plan, it->snap.path, it->snap.bytes, it->snap.len, &it->found,
			   target)) {
		fprintf(stderr, "bpf-fix: %s: out of memory\n", path);
		return 2;
	}
	shown = diff_display_path(path);
	report_skipped(stderr, shown ? shown : path, &it->plan, &c->seen);
	/* Keep only what the verifier confirms, before anything is shown or written. */
	if (verify_stage__run(&it->plan, path, shown ? shown : path, &opt, c->verify,
			      stderr, &c->totals)) {
		free(shown);
		return 2;
	}
	if (fix_plan__changed(&it->plan)) {
		status = show_diff(&it->plan, shown ? shown : path) ?: 1;
		if (status == 1 && c->apply && write_out(&it->snap, &it->plan, path))
			status = 2;
		if (status == 1)	/* with --apply: only a file really written counts */
			c->totals.files_changed++;
	}
	free(shown);
	return status;
}

static void fix_done(void *arg, size_t i)
{
	struct run *r = arg;
	struct fix_item *it = &r->items[i];

	progress__clear(&r->progress);
	it->status = fix_finish(r->c, it);
	fflush(stdout);
	if (it->status > r->status)	/* 2 (an error) wins over 1 (changes) */
		r->status = it->status;
	free(it->err);
	it->err = NULL;
	if (it->have_snap)
		file_snapshot__free(&it->snap);
	it->have_snap = false;
	progress__step(&r->progress, i + 1, it->path);
}

/*
 * Files are read and linted on -j workers; planning, confirming and writing
 * go in input order on this thread (the verifier stage uses every core itself).
 */
static int fix_files(struct cli *c, char **files, size_t n, struct run *r)
{
	static const struct lint_pool_ops ops = { fix_work, fix_done };

	r->c = c;
	r->n = n;
	r->items = calloc(n, sizeof(*r->items));
	if (!r->items) {
		fprintf(stderr, "bpf-fix: out of memory\n");
		return 2;
	}
	for (size_t i = 0; i < n; i++)
		r->items[i].path = files[i];
	progress__init(&r->progress, n, c->quiet);
	lint_pool_run(n, c->jobs, &ops, r);
	progress__clear(&r->progress);
	return r->status;
}

/* Test hook (BPF_FIX_TEST_SET_DELAY=MS): a pause between the steps of a set's write. */
static void set_delay(void *arg)
{
	usleep((useconds_t)atoi(arg) * 1000);
}

/* After every file's own fixes: those in the files they include, over all of them. */
static int fix_included(struct cli *c, struct run *r)
{
	struct shared_unit *u = calloc(r->n + 1, sizeof(*u));
	const char *delay = getenv("BPF_FIX_TEST_SET_DELAY");
	struct replace_opts wo = { .between_steps = delay ? set_delay : NULL, .arg = (void *)delay };
	struct shared_opts o = { .opt = &c->opt, .verify = c->verify, .apply = c->apply,
				 .target_kernel = c->opt.target_kernel, .out = stderr,
				 .tot = &c->totals, .write = &wo, .fixes = &r->included_fixes };
	size_t n = 0;
	int status;

	if (!u)
		return 2;
	for (size_t i = 0; i < r->n; i++) {
		const struct fix_item *it = &r->items[i];

		if (it->status == 2 || !it->plan.path)
			continue;	/* not linted, or not planned: its includes unknown */
		u[n++] = (struct shared_unit){ .path = it->path, .found = &it->found,
					       .text = it->plan.out, .len = it->plan.out_len,
					       .changed = fix_plan__changed(&it->plan) };
		if (!o.target_kernel)
			o.target_kernel = it->plan.target_kernel;
	}
	status = shared_stage__run(u, n, &o);
	r->included_files = o.files_changed;
	fflush(stdout);
	free(u);
	return status;
}

static int export(const struct cli *c, struct run *r)
{
	struct fix_plan **v = calloc(r->n + 1, sizeof(*v));
	char *cwd = getcwd(NULL, 0);
	size_t k = 0;
	int rc;

	for (size_t i = 0; v && i < r->n; i++)
		if (r->items[i].plan.path)
			v[k++] = &r->items[i].plan;
	rc = v && cwd ? export_fixes_write(c->export_path, v, k, cwd) : -ENOMEM;
	if (rc)
		fprintf(stderr, "bpf-fix: %s: %s\n", c->export_path, strerror(-rc));
	free(v);
	free(cwd);
	return rc ? 2 : 0;
}

/* "bpf-fix: 40 files: 5 fixes in 3 files (RULE 3, RULE 2), written" on stderr. */
static void print_summary(const struct cli *c, const struct run *r)
{
	struct rule_tally fixes = r->included_fixes;
	size_t files = r->included_files, failed = 0;

	for (size_t i = 0; i < r->n; i++) {
		const struct fix_plan *p = &r->items[i].plan;

		failed += r->items[i].status == 2;
		/* with --apply a file that could not be written has no fix in it */
		if (!p->path || !fix_plan__changed(p) || (c->apply && r->items[i].status == 2))
			continue;
		files++;
		for (size_t k = 0; k < p->n_cand; k++)
			if (p->cand[k].status == FIX_APPLIED)
				rule_tally__add(&fixes, p->cand[k].finding->rule);
	}
	fprintf(stderr, "bpf-fix: %zu files: ", r->n);
	if (!fixes.total)
		fprintf(stderr, "%s", c->apply && failed ? "nothing written" : "nothing to change");
	else
		fprintf(stderr, "%zu fix%s in %zu file%s", fixes.total,
			fixes.total == 1 ? "" : "es", files, files == 1 ? "" : "s");
	rule_tally__print(stderr, &fixes);
	if (fixes.total)
		fprintf(stderr, ", %s", c->apply ? "written" : "shown as a diff");
	if (failed)
		fprintf(stderr, "; %zu file%s not done (errors above)", failed, failed == 1 ? "" : "s");
	fprintf(stderr, "\n");
}

static void run_free(struct run *r)
{
	for (size_t i = 0; r->items && i < r->n; i++) {
		fix_plan__free(&r->items[i].plan);
		findings_free(&r->items[i].found);
	}
	free(r->items);
}

int main(int argc, char **argv)
{
	struct cli c = { 0 };
	struct run r = { 0 };
	struct lint_inputs in = { 0 };
	int dash = argc, first, rc, status;

	dash = cli_split_dash(argc, argv, &c.opt.extra_args, &c.opt.n_extra_args);
	rc = parse_args(dash, argv, &c, &first);
	if (rc >= 0 || (first >= dash && !c.opt.compile_db_dir)) {
		if (rc < 0)
			rc = cli_no_input("bpf-fix", "input files");
		free(c.rule_filter);
		vm_globals__free(&c.globals);
		return rc;
	}
	if (verify_stage__check(c.verify, c.opt.target_kernel)) {
		free(c.rule_filter);
		vm_globals__free(&c.globals);
		return 2;
	}
	/* a unit compiled or a program verified once in the run is not again */
	compile_cache__enable(true);
	result_cache__enable(true);
	status = lint_inputs__collect(&in, argv + first, dash - first, &c.opt, "bpf-fix");
	if (in.n) {
		int st = fix_files(&c, in.paths, in.n, &r);

		status = st > status ? st : status;
		st = fix_included(&c, &r);
		status = st > status ? st : status;
	}
	if (!c.quiet && in.n > 1)
		print_summary(&c, &r);
	/* one bad file gets its one-line error, not a summary of nothing; the
	 * verifier's before/after closes the run */
	if (c.verify != FIX_VERIFY_NONE && (in.n > 1 || c.totals.programs))
		verify_totals__print(&c.totals, stderr);
	if (c.export_path && export(&c, &r))
		status = 2;
	run_free(&r);
	lint_inputs__free(&in);
	report_seen__free(&c.seen);
	free(c.rule_filter);
	vm_globals__free(&c.globals);
	vm_qemu__cleanup();	/* the target release's VM boots, if any */
	return status;
}
