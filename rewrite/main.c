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
#include "lint/lint.h"
#include "rules/rule.h"
#include "rewrite/atomic.h"
#include "rewrite/diff.h"
#include "rewrite/export.h"
#include "rewrite/plan.h"
#include "rewrite/report.h"
#include "rewrite/verify_stage.h"
#include "verifier-model/vm61/qemu.h"
#include "verifier-model/cli.h"

struct cli {
	struct lint_options opt;
	bool apply;
	const char *export_path;
	char *rule_filter;       /* built from --rule */
	enum fix_verify verify;  /* --verify: who confirms the fixes */
	struct verify_totals totals;
};

static void usage(FILE *out)
{
	fprintf(out,
		"usage: bpf-fix [options] FILE.bpf.c... [-- CLANG-ARGS...]\n"
		"  --apply                   rewrite the files in place (atomically)\n"
		"  --rule=ID,...             only the fixes of these rules\n"
		"  --rules=LIST              clang-tidy style list, as bpf-lint: \"-*,pragma-*\"\n"
		"  --export-fixes=FILE.yaml  also write the edits for clang-apply-replacements\n"
		"  --target-kernel=X.Y       make no fix that needs a newer kernel (default: running)\n"
		"  --verify=MODE             model (default), kernel, both or none: keep only the\n"
		"                            fixes that verifier confirms (fewer processed insns)\n"
		"  -p DIR                    read DIR/compile_commands.json\n"
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

static int parse_args(int argc, char **argv, struct cli *c, int *first_file)
{
	static const struct option longopts[] = {
		{ "apply", no_argument, 0, 'a' }, { "rule", required_argument, 0, 'R' },
		{ "rules", required_argument, 0, 'r' }, { "checks", required_argument, 0, 'r' },
		{ "export-fixes", required_argument, 0, 'x' },
		{ "header-filter", required_argument, 0, 'H' }, { "config", required_argument, 0, 'c' },
		{ "target-kernel", required_argument, 0, 'k' }, { "version", no_argument, 0, 'V' },
		{ "verify", required_argument, 0, 'v' },
		{ "help", no_argument, 0, 'h' }, { 0, 0, 0, 0 },
	};
	int ch, rc;

	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":p:h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'a': c->apply = true; break;
		case 'R':
			if ((rc = set_rule_list(c, optarg)) >= 0)
				return rc;
			break;
		case 'r': c->opt.rule_filter = optarg; break;
		case 'x': c->export_path = optarg; break;
		case 'p': c->opt.compile_db_dir = optarg; break;
		case 'H': c->opt.header_filter = optarg; break;
		case 'c': c->opt.config_path = optarg; break;
		case 'k':
			c->opt.target_kernel = lint_parse_kernel(optarg);
			if (!c->opt.target_kernel) {
				fprintf(stderr, "bpf-fix: bad --target-kernel '%s' (want X.Y)\n", optarg);
				return 2;
			}
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

/* Everything for one file; found and plan stay for --export-fixes. */
static int fix_file(struct cli *c, struct lint_session *s, const char *path,
		    struct bpf_findings *found, struct fix_plan *plan)
{
	struct file_snapshot snap;
	struct lint_options opt = c->opt;
	char why[512], *err = NULL, *shown;
	unsigned target;
	int rc, status = 0;

	if (c->apply)
		file_snapshot__remove_stale(path);
	if (file_snapshot__read(&snap, path, why, sizeof(why))) {
		fprintf(stderr, "bpf-fix: %s: %s\n", path, why);
		return 2;
	}
	/* Lint the very bytes that will be edited, not a later version. */
	opt.unsaved_text = snap.bytes;
	opt.unsaved_len = snap.len;
	rc = lint_run(s, path, &opt, found, &err);
	if (rc) {
		status = lint_error(path, rc, err);
		if (rc == -ENODATA)	/* an empty file: said, nothing to fix */
			status = 0;
		goto out;
	}
	target = c->opt.target_kernel ? c->opt.target_kernel
		: found->target_kernel ? found->target_kernel : lint_running_kernel();
	if (fix_plan__init(plan, snap.path, snap.bytes, snap.len, found, target)) {
		fprintf(stderr, "bpf-fix: %s: out of memory\n", path);
		status = 2;
		goto out;
	}
	shown = diff_display_path(path);
	report_skipped(stderr, shown ? shown : path, plan);
	/* Keep only what the verifier confirms, before anything is shown or written. */
	if (verify_stage__run(plan, path, shown ? shown : path, &opt, c->verify,
			      stderr, &c->totals)) {
		free(shown);
		status = 2;
		goto out;
	}
	if (fix_plan__changed(plan)) {
		c->totals.files_changed++;
		status = show_diff(plan, shown ? shown : path) ?: 1;
		if (status == 1 && c->apply && write_out(&snap, plan, path))
			status = 2;
	}
	free(shown);
out:
	free(err);
	file_snapshot__free(&snap);
	return status;
}

struct run {
	struct bpf_findings *found;
	struct fix_plan *plans;
	int n;
};

static int fix_files(struct cli *c, char **files, int n, struct run *r)
{
	struct lint_session *s = lint_session_new();
	int status = 0;

	r->found = calloc((size_t)n, sizeof(*r->found));
	r->plans = calloc((size_t)n, sizeof(*r->plans));
	r->n = n;
	if (!s || !r->found || !r->plans) {
		fprintf(stderr, "bpf-fix: cannot create a libclang index\n");
		lint_session_free(s);
		return 2;
	}
	for (int i = 0; i < n; i++) {
		int st = fix_file(c, s, files[i], &r->found[i], &r->plans[i]);

		if (st > status)	/* 2 (an error) wins over 1 (changes) */
			status = st;
	}
	lint_session_free(s);
	return status;
}

static int export(const struct cli *c, struct run *r)
{
	struct fix_plan **v = calloc((size_t)r->n + 1, sizeof(*v));
	char *cwd = getcwd(NULL, 0);
	size_t k = 0;
	int rc;

	for (int i = 0; v && i < r->n; i++)
		if (r->plans[i].path)
			v[k++] = &r->plans[i];
	rc = v && cwd ? export_fixes_write(c->export_path, v, k, cwd) : -ENOMEM;
	if (rc)
		fprintf(stderr, "bpf-fix: %s: %s\n", c->export_path, strerror(-rc));
	free(v);
	free(cwd);
	return rc ? 2 : 0;
}

static void run_free(struct run *r)
{
	for (int i = 0; i < r->n; i++) {
		if (r->plans)
			fix_plan__free(&r->plans[i]);
		if (r->found)
			findings_free(&r->found[i]);
	}
	free(r->plans);
	free(r->found);
}

int main(int argc, char **argv)
{
	struct cli c = { 0 };
	struct run r = { 0 };
	int dash = argc, first, rc, status;

	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--")) {
			dash = i;
			break;
		}
	if (dash < argc) {
		c.opt.extra_args = (const char *const *)argv + dash + 1;
		c.opt.n_extra_args = argc - dash - 1;
	}
	rc = parse_args(dash, argv, &c, &first);
	if (rc >= 0 || first >= dash) {
		if (rc < 0)
			rc = cli_no_input("bpf-fix", "input files");
		free(c.rule_filter);
		return rc;
	}
	if (verify_stage__check(c.verify, c.opt.target_kernel)) {
		free(c.rule_filter);
		return 2;
	}
	status = fix_files(&c, argv + first, dash - first, &r);
	/* one bad file gets its one-line error, not a summary of nothing */
	if (c.verify != FIX_VERIFY_NONE && (dash - first > 1 || c.totals.programs))
		verify_totals__print(&c.totals, stderr);
	if (c.export_path && export(&c, &r))
		status = 2;
	run_free(&r);
	free(c.rule_filter);
	vm_qemu__cleanup();	/* the target release's VM boots, if any */
	return status;
}
