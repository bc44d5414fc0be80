/* SPDX-License-Identifier: GPL-2.0-only */
/* bpf-lint: argument parsing and wiring; the work is in liblint and rules/. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cmd/bpf-lint/lint_cost.h"
#include "config.h"
#include "lint/lint.h"
#include "lint/inputs.h"
#include "cmd/bpf-lint/git_hook.h"
#include "cmd/bpf-lint/lsp/lsp.h"
#include "cmd/pool.h"
#include "lint/print.h"
#include "cmd/progress.h"
#include "rules/rule.h"
#include "cmd/cli.h"
#include "cmd/lint_opts.h"

enum format { FMT_TEXT, FMT_JSON, FMT_SARIF, FMT_MARKDOWN };

static void usage(FILE *out)
{
	fprintf(out,
		"usage: bpf-lint [options] FILE.bpf.c|DIR... [-- CLANG-ARGS...]\n"
		"       bpf-lint --stdin-filename=PATH [options] - [-- CLANG-ARGS...]\n"
		"       bpf-lint --install-git-hook [options] [-- CLANG-ARGS...]\n"
		"  DIR: its *.bpf.c (config files:) files, recursively, less .gitignore and exclude:\n"
		"  no FILE with -p DIR: every BPF file DIR/compile_commands.json lists\n"
		"  --format=text|json|sarif  output format (default text; --list-rules: markdown)\n"
		"  --color=auto|always|never colour in text output (default auto: on a tty)\n"
		"  -p DIR                    read DIR/compile_commands.json\n"
		"  -j, --jobs=N              lint N files at once (default: one per core)\n"
		"  --parse-limits=MIB,SECS   memory and CPU time of each file's parse, run\n"
		"                            in a child process (default 2048,60)\n"
		"  -q, --quiet               no progress line, no summary\n"
		"  --header-filter=REGEX     also report in headers whose path matches\n"
		"  --config=FILE             use FILE instead of the nearest .bpf-lint.yaml\n"
		"  --rules=LIST              enable/disable rules: \"-*,pragma-*\"\n"
		"  --target-kernel=X.Y       kernel the fixes must load on (default: running)\n"
		"  --cost                    compile, run the verifier model, and say what each\n"
		"                            finding costs in processed insns\n"
		"  --sort=location|cost      order of the findings (cost implies --cost)\n"
		"  --stdin-filename=PATH     lint standard input ('-') as if it were PATH\n"
		"                            (config, includes, compile database, name)\n"
		"  --install-git-hook        write .git/hooks/pre-commit linting the staged\n"
		"                            *.bpf.c files with these options\n"
		"  --lsp                     serve the Language Server Protocol on stdio\n"
		"  --list-rules              list the rules\n"
		"  --explain=RULE            why RULE matters, with a before/after example\n"
		"  --version                 print the version\n"
		"exit status: 0 no findings, 1 findings, 2 usage or parse error\n");
}

static void list_rules(void)
{
	for (unsigned i = 0; i < bpf_rules_count; i++)
		printf("%-20s %-8s %s%s\n", bpf_rules[i]->id, severity_name(bpf_rules[i]->severity),
		       bpf_rules[i]->summary, bpf_rules[i]->enabled_by_default ? "" : " (off by default)");
}

/* Markdown text in a table cell: a '|' would end the cell. */
static void md_cell(const char *s)
{
	for (; *s; s++)
		printf(*s == '|' ? "\\|" : "%c", *s);
}

/* The README's rule table, from the rules themselves (one source for the docs). */
static void list_rules_markdown(void)
{
	printf("| rule | severity | on by default | fix needs kernel | what it reports |\n"
	       "|---|---|---|---|---|\n");
	for (unsigned i = 0; i < bpf_rules_count; i++) {
		const struct bpf_rule *r = bpf_rules[i];

		printf("| `%s` | %s | %s | ", r->id, severity_name(r->severity),
		       r->enabled_by_default ? "yes" : "no");
		if (r->min_kernel)
			printf("%u.%u", r->min_kernel / 256, r->min_kernel % 256);
		else
			printf("any");
		printf(" | ");
		md_cell(r->summary);
		printf(" |\n");
	}
}

static int explain(const char *id)
{
	const struct bpf_rule *r = rule_by_id(id);

	if (!r) {
		fprintf(stderr, "bpf-lint: unknown rule '%s' (see --list-rules)\n", id);
		return 2;
	}
	printf("%s: %s\n\n%s\n", r->id, r->summary, r->explanation);
	return 0;
}

struct cli {
	struct lint_options opt;
	enum format format;
	int color;               /* -1 auto */
	bool cost;               /* --cost: measure with the verifier model */
	bool sort_cost;          /* --sort=cost */
	bool lsp;                /* --lsp: serve instead of linting FILEs */
	bool list;               /* --list-rules (in --format) */
	unsigned jobs;           /* -j N; 0: one per core */
	bool quiet;              /* -q: no progress, no summary */
	bool install_hook;       /* --install-git-hook */
	bool not_embedded;       /* an option --install-git-hook does not embed */
	const char *stdin_name;  /* --stdin-filename=PATH: lint '-' as PATH */
};

static int parse_args(int argc, char **argv, struct cli *c, int *first_file)
{
	static const struct option longopts[] = {
		{ "format", required_argument, 0, 'f' }, { "color", required_argument, 0, 'C' },
		{ "header-filter", required_argument, 0, 'H' }, { "config", required_argument, 0, 'c' },
		{ "rules", required_argument, 0, 'r' }, { "checks", required_argument, 0, 'r' },
		{ "target-kernel", required_argument, 0, 'k' }, { "list-rules", no_argument, 0, 'l' },
		{ "explain", required_argument, 0, 'e' }, { "version", no_argument, 0, 'V' },
		{ "cost", no_argument, 0, 'K' }, { "sort", required_argument, 0, 'S' },
		{ "lsp", no_argument, 0, 'L' }, { "jobs", required_argument, 0, 'j' },
		{ "quiet", no_argument, 0, 'q' },
		{ "parse-limits", required_argument, 0, 'P' },
		{ "stdin-filename", required_argument, 0, 'I' },
		{ "install-git-hook", no_argument, 0, 'G' },
		{ "help", no_argument, 0, 'h' }, { 0, 0, 0, 0 },
	};
	int ch;

	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":p:hj:q", longopts, NULL)) != -1) {
		int shared = cli_lint_option("bpf-lint", ch, optarg, &c->opt, &c->jobs);

		if (shared < 0)
			return 2;
		if (shared)
			continue;
		switch (ch) {
		case 'f':
			c->not_embedded = true;
			if (!strcmp(optarg, "text")) c->format = FMT_TEXT;
			else if (!strcmp(optarg, "json")) c->format = FMT_JSON;
			else if (!strcmp(optarg, "sarif")) c->format = FMT_SARIF;
			else if (!strcmp(optarg, "markdown")) c->format = FMT_MARKDOWN;
			else { fprintf(stderr, "bpf-lint: unknown format '%s'\n", optarg); return 2; }
			break;
		case 'C':
			c->not_embedded = true;
			if (!strcmp(optarg, "auto")) c->color = -1;
			else if (!strcmp(optarg, "always")) c->color = 1;
			else if (!strcmp(optarg, "never")) c->color = 0;
			else { fprintf(stderr, "bpf-lint: --color=auto|always|never\n"); return 2; }
			break;
		case 'K': c->cost = c->not_embedded = true; break;
		case 'L': c->lsp = c->not_embedded = true; break;
		case 'I': c->stdin_name = optarg; c->not_embedded = true; break;
		case 'G': c->install_hook = true; break;
		case 'S':
			c->not_embedded = true;
			if (!strcmp(optarg, "cost")) c->sort_cost = c->cost = true;
			else if (!strcmp(optarg, "location")) c->sort_cost = false;
			else { fprintf(stderr, "bpf-lint: --sort=location|cost\n"); return 2; }
			break;
		case 'q': c->quiet = true; break;
		case 'l': c->list = true; break;
		case 'e': return explain(optarg);
		case 'V': printf("bpf-lint %s\n", BPF_LINT_VERSION); return 0;
		case 'h': usage(stdout); return 0;
		default: return cli_bad_option("bpf-lint", argv, ch);
		}
	}
	*first_file = optind;
	if (c->list) {
		if (c->format == FMT_MARKDOWN)
			list_rules_markdown();
		else
			list_rules();
		return 0;
	}
	if (c->format == FMT_MARKDOWN)
		return cli_usage_error("bpf-lint", "--format=markdown is for --list-rules");
	return -1;
}

/* One file's result, handed from a worker to the printing thread. */
struct lint_job {
	int rc;
	char *err;
	struct bpf_findings found;
};

struct lint_batch {
	struct cli *c;
	char **files;
	size_t n;
	struct lint_job *jobs;
	struct bpf_findings *all;
	struct bpf_findings held;  /* findings in included files, once each */
	bool stream;             /* text without --cost: print each file when done */
	bool color;
	struct progress progress;
	struct rule_tally by_rule;
	size_t files_with, files_failed;
	int status;
};

static void lint_work(void *arg, size_t i, struct lint_session *s)
{
	struct lint_batch *b = arg;
	struct lint_job *j = &b->jobs[i];

	j->rc = s ? lint_run(s, b->files[i], &b->c->opt, &j->found, &j->err) : -ENOMEM;
}

static void count_findings(struct lint_batch *b, const struct bpf_findings *f)
{
	for (size_t k = 0; k < f->n; k++)
		rule_tally__add(&b->by_rule, f->v[k].rule);
	b->files_with += f->n > 0;
}

/* In input order: say the error, print or keep the findings, move the progress on. */
static void lint_done(void *arg, size_t i)
{
	struct lint_batch *b = arg;
	struct lint_job *j = &b->jobs[i];

	progress__clear(&b->progress);
	if (j->rc) {
		fprintf(stderr, "%s%s\n", j->rc == -EBADMSG ? "" : "bpf-lint: ",
			j->err ? j->err : j->rc == -ENOMEM ? "cannot create a libclang index"
							  : strerror(-j->rc));
		if (j->rc != -ENODATA) {	/* an empty file is said, not an error */
			b->status = 2;
			b->files_failed++;
		}
	} else if (j->err) {
		fprintf(stderr, "%s\n", j->err);	/* a note: flags left out */
	}
	free(j->err);
	if (findings_hold_shared(&b->held, &j->found, b->files[i]))
		b->status = 2;
	count_findings(b, &j->found);
	if (b->stream) {
		const struct lint_options *o = &b->c->opt;

		if (print_text_source(stdout, &j->found, b->color, b->c->stdin_name,
				      o->unsaved_text, o->unsaved_len))
			b->status = 2;
		fflush(stdout);
		findings_free(&j->found);
	} else {
		/* Move the findings over; the strings now belong to all. */
		for (size_t k = 0; k < j->found.n; k++) {
			struct bpf_finding *f = findings_add(b->all);

			if (f)
				*f = j->found.v[k];
		}
		j->found.n = 0;
		findings_free(&j->found);
	}
	progress__step(&b->progress, i + 1, b->files[i]);
}

/* After every unit: the findings in included files, each once, with the files it affects. */
static void print_held(struct lint_batch *b)
{
	findings_sort(&b->held);
	for (size_t k = 0; k < b->held.n; k++) {
		rule_tally__add(&b->by_rule, b->held.v[k].rule);
		b->files_with += !k || strcmp(b->held.v[k].file, b->held.v[k - 1].file);
	}
	if (b->stream) {
		if (print_text_source(stdout, &b->held, b->color, NULL, NULL, 0))
			b->status = 2;
		fflush(stdout);
	} else {
		for (size_t k = 0; k < b->held.n; k++) {
			struct bpf_finding *f = findings_add(b->all);

			if (f)
				*f = b->held.v[k];
		}
		b->held.n = 0;
	}
	findings_free(&b->held);
}

/* "bpf-lint: 40 files: 7 findings in 3 files (RULE 4, RULE 3)" on stderr. */
static void print_summary(const struct lint_batch *b)
{
	size_t n = b->by_rule.total;

	fprintf(stderr, "bpf-lint: %zu files: ", b->n);
	if (!n)
		fprintf(stderr, "no findings");
	else
		fprintf(stderr, "%zu finding%s in %zu file%s", n, n == 1 ? "" : "s",
			b->files_with, b->files_with == 1 ? "" : "s");
	rule_tally__print(stderr, &b->by_rule);
	if (b->files_failed)
		fprintf(stderr, "; %zu not linted (errors above)", b->files_failed);
	fprintf(stderr, "\n");
}

/* Lint files (printed as they are done, or into all); *found counts the findings. */
static int lint_files(struct cli *c, char **files, size_t n, struct bpf_findings *all,
		      size_t *found)
{
	static const struct lint_pool_ops ops = { lint_work, lint_done };
	struct lint_batch b = {
		.c = c, .files = files, .n = n, .all = all,
		.stream = c->format == FMT_TEXT && !c->cost,
		.color = c->color < 0 ? isatty(1) : c->color,
		.jobs = calloc(n, sizeof(*b.jobs)),
	};

	if (!b.jobs) {
		fprintf(stderr, "bpf-lint: out of memory\n");
		return 2;
	}
	/* vmlinux.h once for the run: it pays from three files (BPF_LINT_PCH=0/1 overrides) */
	const char *pch = getenv("BPF_LINT_PCH");

	c->opt.shared_pch = pch && *pch ? strcmp(pch, "0") != 0 : n >= 3;
	progress__init(&b.progress, n, c->quiet);
	lint_pool_run(n, c->jobs, &ops, &b);
	progress__clear(&b.progress);
	print_held(&b);
	if (!c->quiet && n > 1)
		print_summary(&b);
	*found = b.by_rule.total;
	free(b.jobs);
	return b.status;
}

/*
 * Standard input as the unsaved text of c->stdin_name: at most
 * LINT_MAX_SOURCE_BYTES, refused in one line beyond (exit status 2).
 */
static int read_stdin(struct cli *c, char **text)
{
	size_t len = 0, cap = 64 << 10, n;
	char *buf = malloc(cap), *p;

	while (buf && (n = fread(buf + len, 1, cap - len, stdin)) > 0) {
		len += n;
		if (len > LINT_MAX_SOURCE_BYTES) {
			fprintf(stderr, "bpf-lint: %s: standard input is over the %u MiB limit "
				"for a source file\n", c->stdin_name, LINT_MAX_SOURCE_BYTES >> 20);
			free(buf);
			return 2;
		}
		if (len < cap)
			continue;
		p = realloc(buf, cap * 2);
		if (!p)
			free(buf);
		buf = p;
		cap *= 2;
	}
	if (!buf) {
		fprintf(stderr, "bpf-lint: %s: standard input: out of memory\n", c->stdin_name);
		return 2;
	}
	if (ferror(stdin)) {
		fprintf(stderr, "bpf-lint: %s: standard input: %s\n", c->stdin_name,
			strerror(errno));
		free(buf);
		return 2;
	}
	c->opt.unsaved_text = *text = buf;
	c->opt.unsaved_len = len;
	return 0;
}

/* --install-git-hook: one line saying where the hook went, or why not. */
static int install_hook(const struct cli *c)
{
	char *where = NULL, *err = NULL;
	int rc = git_hook_install(&c->opt, &where, &err);

	if (rc)
		fprintf(stderr, "bpf-lint: %s\n", err ? err : strerror(-rc));
	else
		printf("bpf-lint: pre-commit hook written to %s\n", where);
	free(where);
	free(err);
	return rc ? 2 : 0;
}

int main(int argc, char **argv)
{
	struct cli c = { .format = FMT_TEXT, .color = -1 };
	struct bpf_findings all = { 0 };
	struct lint_inputs in = { 0 };
	size_t found = 0;
	int dash = argc, first, rc, status;
	char *text = NULL;

	dash = cli_split_dash(argc, argv, &c.opt.extra_args, &c.opt.n_extra_args);
	rc = parse_args(dash, argv, &c, &first);
	if (rc >= 0)
		return rc;
	if (c.install_hook) {
		if (c.not_embedded)
			return cli_usage_error("bpf-lint", "--install-git-hook embeds only -p, "
					       "--config, --rules, --target-kernel, "
					       "--header-filter and CLANG-ARGS");
		if (first < dash)
			return cli_usage_error("bpf-lint", "--install-git-hook takes no files");
		return install_hook(&c);
	}
	for (int i = first; i < dash; i++)
		if (!strcmp(argv[i], "-") && !c.stdin_name)
			return cli_usage_error("bpf-lint", "'-' (standard input) needs "
					       "--stdin-filename=PATH");
	if (c.stdin_name && (dash - first != 1 || strcmp(argv[first], "-")))
		return cli_usage_error("bpf-lint", "--stdin-filename=PATH goes with '-' "
				       "as the only input");
	if (c.lsp)
		return first < dash ? cli_usage_error("bpf-lint", "--lsp takes no files") :
		       lsp_serve(stdin, stdout, &c.opt);
	if (first >= dash && !c.opt.compile_db_dir)
		return cli_no_input("bpf-lint", "input files");
	if (c.stdin_name) {	/* one file, named by the option, its text from stdin */
		rc = read_stdin(&c, &text);
		if (rc)
			return rc;
		status = lint_files(&c, (char **)&c.stdin_name, 1, &all, &found);
	} else {
		status = lint_inputs__collect(&in, argv + first, dash - first, &c.opt, "bpf-lint");
		if (in.n) {
			int st = lint_files(&c, in.paths, in.n, &all, &found);

			status = st > status ? st : status;
		}
	}
	if (c.cost && lint_cost__annotate(&all, c.stdin_name ? (char **)&c.stdin_name : in.paths,
					  c.stdin_name ? 1 : (int)in.n, &c.opt)) {
		fprintf(stderr, "bpf-lint: --cost: out of memory\n");
		status = 2;
	}
	if (c.sort_cost)
		lint_cost__sort(&all);
	if (c.format == FMT_JSON)
		rc = print_json(stdout, &all);
	else if (c.format == FMT_SARIF)
		rc = print_sarif(stdout, &all);
	else	/* without --cost each file was printed as it was done */
		rc = print_text_source(stdout, &all, c.color < 0 ? isatty(1) : c.color,
				       c.stdin_name, text, c.opt.unsaved_len);
	if (rc)
		status = 2;
	if (!status && found)
		status = 1;
	findings_free(&all);
	lint_inputs__free(&in);
	free(text);
	return status;
}
