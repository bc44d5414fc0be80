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
#include "cmd/bpf-verify/kernels.h"

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
};

static void usage(FILE *f)
{
	fprintf(f,
		"usage: bpf-verify [--backend=kernel|model|both] [--format=table|csv|json]\n"
		"                  [--kernel=host|REL[,REL...]] [--lines[=N]] [--prog=NAME]\n"
		"                  [--state-freq] [--prog-flags=strict-alignment,...] OBJ.o...\n"
		"       bpf-verify -C OLD NEW     (two objects, or two --format=csv files)\n"
		"       bpf-verify --help | --version\n");
}

/* A bad value for --NAME: one line, exit status 2. */
static int bad_value(const char *name, const char *val, const char *want)
{
	fprintf(stderr, "bpf-verify: bad --%s '%s' (%s); try 'bpf-verify --help'\n",
		name, val, want);
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
		{ "format", required_argument, NULL, 'f' },
		{ "lines", optional_argument, NULL, 'l' },
		{ "prog", required_argument, NULL, 'p' },
		{ "state-freq", no_argument, NULL, 's' },
		{ "prog-flags", required_argument, NULL, 'F' },
		{ "kernel", required_argument, NULL, 'k' },
		{ "compare", no_argument, NULL, 'C' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ 0 },
	};
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":Ch", opts, NULL)) != -1) {
		switch (c) {
		case 'b':
			if (!strcmp(optarg, "kernel")) a->backend = SEL_KERNEL;
			else if (!strcmp(optarg, "model")) a->backend = SEL_MODEL;
			else if (!strcmp(optarg, "both")) a->backend = SEL_BOTH;
			else return bad_value("backend", optarg, "kernel, model or both");
			break;
		case 'f':
			if (!strcmp(optarg, "table")) a->fmt = VM_FMT_TABLE;
			else if (!strcmp(optarg, "csv")) a->fmt = VM_FMT_CSV;
			else if (!strcmp(optarg, "json")) a->fmt = VM_FMT_JSON;
			else return bad_value("format", optarg, "table, csv or json");
			break;
		case 'l':
			a->lines = optarg ? strtoul(optarg, NULL, 10) : 10;
			if (!a->lines)
				return bad_value("lines", optarg, "a count above 0");
			break;
		case 'p': a->prog = optarg; break;
		case 's': a->state_freq = true; break;
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
	if (!a->n_files)
		return cli_no_input("bpf-verify", "objects");
	if (a->compare && a->n_files != 2) {
		fprintf(stderr, "bpf-verify: -C takes two files (OLD NEW); try 'bpf-verify --help'\n");
		return 2;
	}
	return -1;
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
	bool said;                 /* an earlier kernel's run already named bad objects */
};

static void status_of(struct run *run, const struct vm_result *r)
{
	int s = r->verdict == VM_ACCEPTED ? 0 : r->verdict == VM_LOAD_ERROR ? 2 : 1;

	if (s > run->status)
		run->status = s;
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
	char err[256];

	if (vm_object__open(path, &obj, err, sizeof(err))) {
		if (!run->said)
			fprintf(stderr, "bpf-verify: %s\n", err);
		run->status = 2;
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
	if (nk < 0 || a->compare) {
		fprintf(stderr, "bpf-verify: %s\n",
			nk < 0 ? why : "--kernel and -C do not go together");
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

int main(int argc, char **argv)
{
	struct args a = { 0 };
	struct run r[2] = { 0 };
	const struct vm_backend *be;
	bool csv_in;
	int status;

	if ((status = parse_args(argc, argv, &a)) >= 0)
		return status;
	if (a.kernels)
		return run_kernels(&a);
	csv_in = a.compare && is_csv(a.files[0]) && is_csv(a.files[1]);
	be = csv_in ? &vm_model_backend : pick_backend(&a, a.backend == SEL_BOTH);
	if (!be)
		return 2;
	if (a.compare) {
		if (load_run(&a, be, a.files, 1, &r[0]) ||
		    load_run(&a, be, a.files + 1, 1, &r[1]))
			return 2;
		report__compare(stdout, a.fmt, r[0].rows, r[0].n, r[1].rows, r[1].n);
		status = r[0].status > r[1].status ? r[0].status : r[1].status;
	} else {
		if (load_run(&a, be, a.files, a.n_files, &r[0]))
			return 2;
		/* nothing verified: the errors said why; a bare table header would not */
		if (r[0].n || a.fmt != VM_FMT_TABLE)
			report__print(stdout, a.fmt, r[0].rows, r[0].n, a.backend == SEL_BOTH);
		if (a.lines && a.fmt == VM_FMT_TABLE)
			report__print_lines(stdout, r[0].rows, r[0].n);
		status = r[0].status;
	}
	run_free(&r[0]);
	run_free(&r[1]);
	return status;
}
