/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * bpf-verify: our veristat. Runs each program of each object through
 * the kernel verifier, the embedded model, or both, and prints the
 * figures; -C compares two runs; --lines shows the costliest lines.
 * Exit: 0 all accepted, 1 some rejected, 2 usage or load errors.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/libbpf.h>
#include "config.h"
#include "cmd/cli.h"
#include "cmd/bpf-verify/report.h"
#include "cmd/bpf-verify/compare.h"
#include "cmd/bpf-verify/report_emit.h"
#include "cmd/bpf-verify/kernels.h"
#include "verifier-model/globals.h"

enum backend_sel { SEL_DEFAULT, SEL_KERNEL, SEL_MODEL, SEL_BOTH };

struct args {
	enum backend_sel backend;
	enum vm_format fmt;
	size_t lines;              /* 0: no --lines */
	bool compare;
	bool state_freq;
	unsigned prog_flags;       /* --prog-flags: BPF_F_* for every load */
	const char *prog;          /* only this program */
	const char *kernels;       /* --kernel=LIST, NULL: the running one */
	unsigned kver;             /* release of the run under way (0: host/6.18) */
	char **files;
	int n_files;
	struct vm_globals globals;  /* -G */
	struct filters filters;    /* -f */
	struct stat_spec sort, emit;  /* -s, -e (n 0: not given) */
	size_t top_n;              /* -n */
	struct gate gate;          /* --fail-on */
};

static void usage(FILE *f)
{
	fprintf(f,
		"usage: bpf-verify [--backend=kernel|model|both]\n"
		"                  [--format=table|csv|json|markdown] [--kernel=host|REL[,REL...]]\n"
		"                  [--lines[=N]] [--prog=NAME] [--state-freq]\n"
		"                  [-G 'VAR = VALUE' | -G @FILE]... [-f FILTER]... [-s STATS]\n"
		"                  [-e STATS] [-n N] [--prog-flags=strict-alignment,...] OBJ.o...\n"
		"       bpf-verify -C OLD NEW...  [--fail-on=verdict_changed,STAT OP N,...]\n"
		"                  (OLD: an object or a --format=csv file; NEW: objects or one CSV)\n"
		"       bpf-verify --help | --version\n");
}

/* A bad value for --NAME: one line, exit status 2. */
static int bad_value(const char *name, const char *val, const char *want)
{
	fprintf(stderr, "bpf-verify: bad --%s '%s' (%s); try 'bpf-verify --help'\n",
		name, val, want);
	return 2;
}

/* -G, -f, -s, -e, --fail-on: 0, or 2 with the reason said. */
static int parse_stat_opt(int c, const char *arg, struct args *a)
{
	char err[256] = "";
	int rc;

	if (c == 'G')
		rc = vm_globals__add(&a->globals, arg, err, sizeof(err));
	else if (c == 'f')
		rc = stats__add_filter(&a->filters, arg, err, sizeof(err));
	else if (c == 's')
		rc = stats__parse_spec(arg, &a->sort, err, sizeof(err));
	else if (c == 'e')
		rc = stats__parse_spec(arg, &a->emit, err, sizeof(err));
	else
		rc = compare__parse_gate(arg, &a->gate, err, sizeof(err));
	if (!rc)
		return 0;
	fprintf(stderr, "bpf-verify: %s; try 'bpf-verify --help'\n",
		err[0] ? err : "out of memory");
	return 2;
}

static int parse_format(const char *s, struct args *a)
{
	static const char *const names[] = { "table", "csv", "json", "markdown" };

	for (int i = 0; i < 4; i++)
		if (!strcmp(s, names[i])) {
			a->fmt = i;
			return 0;
		}
	return bad_value("format", s, "table, csv, json or markdown");
}

/* What does not go together; 0, or 2 with the reason said. */
static int check_args(struct args *a)
{
	const char *why = NULL;

	if (!a->n_files)
		return cli_no_input("bpf-verify", "objects");
	if (a->compare && a->n_files < 2)
		why = "-C takes OLD and NEW (objects or --format=csv files)";
	else if (a->gate.on && !a->compare)
		why = "--fail-on needs -C BASELINE NEW...";
	else if (a->kernels && (a->globals.n || a->compare))
		why = a->compare ? "--kernel and -C do not go together"
				 : "-G does not go with --kernel (the VM loads the object as built)";
	if (!why)
		return -1;
	fprintf(stderr, "bpf-verify: %s; try 'bpf-verify --help'\n", why);
	return 2;
}

/* "strict-alignment,any-alignment" -> BPF_F_* bits; -1 on an unknown word. */
static int parse_prog_flags(const char *list, unsigned *flags)
{
	static const struct { const char *name; unsigned bit; } known[] = {
		{ "strict-alignment", BPF_F_STRICT_ALIGNMENT },
		{ "any-alignment", BPF_F_ANY_ALIGNMENT },
	};
	const char *p = list;

	while (*p) {
		size_t n = strcspn(p, ","), i;

		for (i = 0; i < sizeof(known) / sizeof(known[0]); i++)
			if (strlen(known[i].name) == n && !strncmp(p, known[i].name, n))
				break;
		if (i == sizeof(known) / sizeof(known[0]))
			return -1;
		*flags |= known[i].bit;
		p += n + (p[n] == ',');
	}
	return 0;
}

/* -1 to go on; else the exit status (0 after --help, 2 on a usage error). */
static int parse_args(int argc, char **argv, struct args *a)
{
	static const struct option opts[] = {
		{ "backend", required_argument, NULL, 'b' },
		{ "format", required_argument, NULL, 'o' },
		{ "output-format", required_argument, NULL, 'o' },
		{ "lines", optional_argument, NULL, 'l' },
		{ "prog", required_argument, NULL, 'p' },
		{ "state-freq", no_argument, NULL, 'S' },
		{ "prog-flags", required_argument, NULL, 'F' },
		{ "kernel", required_argument, NULL, 'k' },
		{ "compare", no_argument, NULL, 'C' },
		{ "set-global-vars", required_argument, NULL, 'G' },
		{ "filter", required_argument, NULL, 'f' },
		{ "sort", required_argument, NULL, 's' },
		{ "emit", required_argument, NULL, 'e' },
		{ "top-n", required_argument, NULL, 'n' },
		{ "fail-on", required_argument, NULL, 'X' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ 0 },
	};
	char *end;
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":ChG:f:s:e:n:o:", opts, NULL)) != -1) {
		switch (c) {
		case 'b':
			if (!strcmp(optarg, "kernel")) a->backend = SEL_KERNEL;
			else if (!strcmp(optarg, "model")) a->backend = SEL_MODEL;
			else if (!strcmp(optarg, "both")) a->backend = SEL_BOTH;
			else return bad_value("backend", optarg, "kernel, model or both");
			break;
		case 'o':
			if (parse_format(optarg, a))
				return 2;
			break;
		case 'l':
			a->lines = optarg ? strtoul(optarg, NULL, 10) : 10;
			if (!a->lines)
				return bad_value("lines", optarg, "a count above 0");
			break;
		case 'n':
			a->top_n = strtoul(optarg, &end, 10);
			if (*end || !a->top_n)
				return bad_value("top-n", optarg, "a count above 0");
			break;
		case 'G': case 'f': case 's': case 'e': case 'X':
			if (parse_stat_opt(c, optarg, a))
				return 2;
			break;
		case 'p': a->prog = optarg; break;
		case 'S': a->state_freq = true; break;
		case 'F':
			if (parse_prog_flags(optarg, &a->prog_flags))
				return bad_value("prog-flags", optarg,
						 "a comma list of strict-alignment, any-alignment");
			break;
		case 'k': a->kernels = optarg; break;
		case 'C': a->compare = true; break;
		case 'h': usage(stdout); return 0;
		case 'V': printf("bpf-verify %s\n", BPF_LINT_VERSION); return 0;
		default: return cli_bad_option("bpf-verify", argv, c);
		}
	}
	a->files = argv + optind;
	a->n_files = argc - optind;
	return check_args(a);
}

static bool is_csv(const char *path)
{
	size_t n = strlen(path);

	return n > 4 && !strcmp(path + n - 4, ".csv");
}

struct run {
	struct vm_row *rows;
	size_t n;
	struct vm_object **objs;   /* kept open: line costs point into them */
	size_t n_objs;
	int status;                /* exit code so far */
	bool bad_input;            /* an object or CSV file could not be read */
	bool said;                 /* an earlier kernel's run already named bad objects */
};

static void status_of(struct run *run, const struct vm_result *r)
{
	int s = r->verdict == VM_ACCEPTED ? 0 : r->verdict == VM_LOAD_ERROR ? 2 : 1;

	if (s > run->status)
		run->status = s;
}

/* A fix-up that let the program load, or a guessed type: one note on stderr. */
static void say_note(const struct vm_object *obj, const struct vm_prog *p,
		     const struct vm_result *res)
{
	const char *type = libbpf_bpf_prog_type_str(p->type);

	if (res->note[0])
		fprintf(stderr, "bpf-verify: note: %s/%s: %s\n", obj->path, p->name,
			res->note);
	else if (p->type_guessed)
		fprintf(stderr, "bpf-verify: note: %s/%s: section '%s' unknown to libbpf: "
			"verified as type '%s', guessed from its context argument\n",
			obj->path, p->name, p->section, type ? type : "?");
}

static int verify_prog(const struct args *a, const struct vm_backend *be,
		       const struct vm_object *obj, size_t i, struct run *run)
{
	struct vm_options opt = { .want_insn_counts = a->lines > 0,
				  .test_state_freq = a->state_freq,
				  .prog_flags = a->prog_flags,
				  .max_insns = 1000000, .kernel = a->kver };
	struct vm_row *row, *nr = realloc(run->rows, (run->n + 1) * sizeof(*nr));
	const char *type;

	if (!nr)
		return -1;
	run->rows = nr;
	row = &nr[run->n++];
	memset(row, 0, sizeof(*row));
	snprintf(row->file, sizeof(row->file), "%s", obj->path);
	type = libbpf_bpf_prog_type_str(obj->progs[i].type);
	snprintf(row->type, sizeof(row->type), "%s", type ? type : "");
	be->verify(obj, i, &opt, &row->res);
	say_note(obj, &obj->progs[i], &row->res);
	status_of(run, &row->res);
	if (a->backend == SEL_BOTH) {
		opt.want_insn_counts = false;
		vm_model_backend.verify(obj, i, &opt, &row->model);
		row->has_model = true;
	}
	if (a->lines)
		report__line_costs(row, &obj->progs[i], a->lines);
	return 0;
}

static int run_object(const struct args *a, const struct vm_backend *be,
		      const char *path, struct run *run)
{
	struct vm_object *obj, **no;
	char err[256] = "";

	if (vm_object__open(path, &obj, err, sizeof(err)) ||
	    vm_globals__apply(&a->globals, obj, err, sizeof(err))) {
		if (!run->said)
			fprintf(stderr, "bpf-verify: %s%s%s\n", obj ? path : "",
				obj ? ": " : "", err);
		vm_object__free(obj);
		run->status = 2;
		run->bad_input = true;
		return 0;
	}
	no = realloc(run->objs, (run->n_objs + 1) * sizeof(*no));
	if (!no) {
		vm_object__free(obj);
		return -1;
	}
	run->objs = no;
	run->objs[run->n_objs++] = obj;
	if (!obj->n_progs) {	/* say so: an empty table would look like success */
		if (!run->said)
			fprintf(stderr, "bpf-verify: %s: no BPF programs in the object "
				"(no SEC(\"...\") functions)\n", path);
		run->status = 2;
		return 0;
	}
	for (size_t i = 0; i < obj->n_progs; i++)
		if ((!a->prog || !strcmp(a->prog, obj->progs[i].name)) &&
		    stats__name_passes(&a->filters, path, obj->progs[i].name) &&
		    verify_prog(a, be, obj, i, run))
			return -1;
	return 0;
}

static int load_run(const struct args *a, const struct vm_backend *be,
		    char **files, int n, struct run *run)
{
	if (n == 1 && a->compare && is_csv(files[0])) {
		if (report__read_csv(files[0], &run->rows, &run->n)) {
			fprintf(stderr, "bpf-verify: %s: not a bpf-verify CSV file\n",
				files[0]);
			run->status = 2;
			run->bad_input = true;
		}
		return 0;
	}
	for (int i = 0; i < n; i++)
		if (run_object(a, be, files[i], run))
			return -1;
	return 0;
}

static void run_free(struct run *run)
{
	report__free_rows(run->rows, run->n);
	for (size_t i = 0; i < run->n_objs; i++)
		vm_object__free(run->objs[i]);
	free(run->objs);
}

static const struct vm_backend *pick_backend(const struct args *a, bool needs_kernel)
{
	char why[128];

	if (a->backend == SEL_MODEL || (a->backend == SEL_DEFAULT && !needs_kernel &&
					!vm_kernel_available(NULL, 0)))
		return &vm_model_backend;
	if (!vm_kernel_available(why, sizeof(why))) {
		fprintf(stderr, "bpf-verify: %s\n", why);
		return NULL;
	}
	return &vm_kernel_backend;
}

/* This kernel's verifier (or the model imitating it) for --kernel=LIST. */
static const struct vm_backend *kernel_backend(struct args *a,
					       const struct vm_kernel *k)
{
	const struct vm_backend *be;
	char why[512];

	a->kver = k->kver;
	if (a->backend == SEL_MODEL)
		return &vm_model_backend;
	be = vm_kernels__backend(k, a->files, a->n_files, a->state_freq, why,
				 sizeof(why));
	if (!be)
		fprintf(stderr, "bpf-verify: %s\n", why);
	return be;
}

/* --kernel=A[,B...]: one run per kernel (one VM boot each), then the view. */
static int run_kernels(struct args *a)
{
	struct vm_kernel ks[VM_KERNELS_MAX];
	struct run runs[VM_KERNELS_MAX] = { 0 };
	struct vm_row *rows[VM_KERNELS_MAX];
	int nk, status = 0;
	bool fatal = false;        /* no backend, or out of memory: no table */
	char why[256];

	nk = vm_kernels__parse(a->kernels, ks, VM_KERNELS_MAX, why, sizeof(why));
	if (nk < 0) {
		fprintf(stderr, "bpf-verify: %s\n", why);
		return 2;
	}
	/* an object that does not open is said and skipped, as without --kernel */
	for (int k = 0; k < nk && !fatal; k++) {
		const struct vm_backend *be = kernel_backend(a, &ks[k]);

		runs[k].said = k > 0;
		fatal = !be || load_run(a, be, a->files, a->n_files, &runs[k]);
		if (fatal || runs[k].status > status)
			status = fatal ? 2 : runs[k].status;
		rows[k] = runs[k].rows;
	}
	if (!fatal && nk == 1) {
		report__print(stdout, a->fmt, runs[0].rows, runs[0].n,
			      a->backend == SEL_BOTH);
		if (a->lines && a->fmt == VM_FMT_TABLE)
			report__print_lines(stdout, runs[0].rows, runs[0].n);
	} else if (!fatal) {
		vm_kernels__print(stdout, a->fmt, ks, nk, rows, runs[0].n);
	}
	for (int k = 0; k < nk; k++)
		run_free(&runs[k]);
	vm_kernels__cleanup();
	return status;
}

/* -f's stat filters, -s, -n over one run: the rows shown come first; their count. */
static size_t select_rows(const struct args *a, struct run *run)
{
	size_t shown = 0;

	for (size_t i = 0; i < run->n; i++)
		if (stats__row_passes(&a->filters, &run->rows[i])) {
			struct vm_row t = run->rows[shown];

			run->rows[shown++] = run->rows[i];
			run->rows[i] = t;
		}
	if (a->sort.n)
		stats__sort_rows(run->rows, shown, &a->sort);
	return a->top_n && shown > a->top_n ? a->top_n : shown;
}

static int verify_run(const struct args *a, const struct vm_backend *be, struct run *r)
{
	size_t shown;

	if (load_run(a, be, a->files, a->n_files, r))
		return 2;
	shown = select_rows(a, r);
	/* nothing verified: the errors said why; a bare table header would not */
	if (a->emit.n || a->fmt == VM_FMT_MARKDOWN)
		report__print_stats(stdout, a->fmt, r->rows, shown,
				    a->emit.n ? &a->emit : NULL);
	else if (r->n || a->fmt != VM_FMT_TABLE)
		report__print(stdout, a->fmt, r->rows, shown, a->backend == SEL_BOTH);
	if (a->lines && a->fmt == VM_FMT_TABLE)
		report__print_lines(stdout, r->rows, shown);
	return r->status;
}

/*
 * -C OLD NEW...: the table, and with --fail-on the gate's answer: 1 on a
 * regression, else 2 if an input could not be read, else 0.
 */
static int compare_runs(const struct args *a, const struct vm_backend *be,
			struct run r[2])
{
	struct compare_opts o = {
		.emit = a->emit.n ? &a->emit : NULL, .sort = a->sort.n ? &a->sort : NULL,
		.filters = &a->filters, .gate = a->gate.on ? &a->gate : NULL,
		.top_n = a->top_n,
	};
	long reg;

	if (load_run(a, be, a->files, 1, &r[0]) ||
	    load_run(a, be, a->files + 1, a->n_files - 1, &r[1]))
		return 2;
	if (a->gate.on && a->fmt == VM_FMT_MARKDOWN)
		fprintf(stdout, "### bpf-verify: %s against %s\n\n",
			a->n_files == 2 ? a->files[1] : "the new objects", a->files[0]);
	reg = report__compare(stdout, a->fmt, r[0].rows, r[0].n, r[1].rows, r[1].n, &o);
	if (reg < 0)
		return 2;
	if (!a->gate.on)
		return r[0].status > r[1].status ? r[0].status : r[1].status;
	fprintf(a->fmt == VM_FMT_MARKDOWN ? stdout : stderr,
		"%sbpf-verify: %ld regression%s (--fail-on)%s\n",
		a->fmt == VM_FMT_MARKDOWN ? "\n**" : "", reg, reg == 1 ? "" : "s",
		a->fmt == VM_FMT_MARKDOWN ? "**" : "");
	return reg ? 1 : r[0].bad_input || r[1].bad_input ? 2 : 0;
}

static bool all_csv(const struct args *a)
{
	for (int i = 0; i < a->n_files; i++)
		if (!is_csv(a->files[i]))
			return false;
	return true;
}

int main(int argc, char **argv)
{
	struct args a = { 0 };
	struct run r[2] = { 0 };
	const struct vm_backend *be;
	int status;

	if ((status = parse_args(argc, argv, &a)) < 0) {
		if (a.kernels)
			status = run_kernels(&a);
		else if (!(be = a.compare && all_csv(&a) ? &vm_model_backend
				: pick_backend(&a, a.backend == SEL_BOTH)))
			status = 2;
		else
			status = a.compare ? compare_runs(&a, be, r) : verify_run(&a, be, &r[0]);
	}
	run_free(&r[0]);
	run_free(&r[1]);
	vm_globals__free(&a.globals);
	stats__free_filters(&a.filters);
	compare__free_gate(&a.gate);
	return status;
}
