/* SPDX-License-Identifier: GPL-2.0-only */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "confirm/compile.h"
#include "confirm/cost.h"

struct fold {
	struct prog_cost *pc;
	const char *src;
};

static void add_line(void *arg, const struct vm_line *l, long n)
{
	struct fold *f = arg;

	if (l && l->line < f->pc->n_lines && !strcmp(l->file, f->src))
		f->pc->per_line[l->line] += n;
}

/* Fold per-insn counts onto the lines of the compiled source only. */
static int fold_lines(struct prog_cost *pc, const struct vm_prog *prog,
		      const struct vm_result *res, const char *src)
{
	struct fold f = { pc, src };
	unsigned max = 0;

	for (size_t i = 0; i < prog->n_lines; i++)
		if (!strcmp(prog->lines[i].file, src) && prog->lines[i].line > max)
			max = prog->lines[i].line;
	pc->per_line = calloc((size_t)max + 1, sizeof(*pc->per_line));
	if (!pc->per_line)
		return -ENOMEM;
	pc->n_lines = max + 1;
	vm_result__for_each_line(res, prog, add_line, &f);
	return 0;
}

static int verify_all(struct file_cost *fc, const struct vm_object *obj,
		      const struct vm_backend *be, const char *src)
{
	struct vm_options opt = { .want_insn_counts = true, .max_insns = 1000000 };
	int err = 0;

	fc->progs = calloc(obj->n_progs ? obj->n_progs : 1, sizeof(*fc->progs));
	if (!fc->progs)
		return -ENOMEM;
	for (size_t i = 0; i < obj->n_progs && !err; i++) {
		struct prog_cost *pc = &fc->progs[fc->n_progs++];
		struct vm_result res;

		snprintf(pc->name, sizeof(pc->name), "%s", obj->progs[i].name);
		vm_backend__verify(be, obj, i, &opt, &res);
		pc->verdict = res.verdict;
		pc->total = res.insns;
		snprintf(pc->reason, sizeof(pc->reason), "%s", res.reason);
		err = fold_lines(pc, &obj->progs[i], &res, src);
		vm_result__free(&res);
	}
	return err;
}

int file_cost__measure(struct file_cost *fc, const char *path,
		       const char *text, size_t len, char *const *args,
		       const struct vm_backend *be)
{
	struct compile_opts cc = { .args = args };	/* clang-19, the linter's flags */
	struct compile_dir dir;
	struct vm_object *obj = NULL;
	char objpath[4300], src[4300];
	int err;

	memset(fc, 0, sizeof(*fc));
	err = compile_dir__new(&dir);
	if (err)
		return err;
	err = compile_bpf(&dir, path, text, len, &cc, objpath, sizeof(objpath),
			  src, sizeof(src), &fc->compile_log);
	if (err == -EBADMSG) {
		err = 0;
		goto out;
	}
	if (err)
		goto out;
	fc->compiled = true;
	err = vm_object__open(objpath, &obj, fc->error, sizeof(fc->error));
	if (!err)
		err = verify_all(fc, obj, be, src);
	vm_object__free(obj);
out:
	compile_dir__remove(&dir);
	return err;
}

long prog_cost__lines(const struct prog_cost *pc, unsigned first,
		      unsigned last)
{
	long sum = 0;

	for (unsigned l = first; l <= last && l < pc->n_lines; l++)
		sum += pc->per_line[l];
	return sum;
}

int file_cost__costliest(const struct file_cost *fc, unsigned first,
			 unsigned last, long *insns)
{
	int best = -1;

	*insns = 0;
	for (size_t i = 0; i < fc->n_progs; i++) {
		long n = prog_cost__lines(&fc->progs[i], first, last);

		if (n > *insns) {
			*insns = n;
			best = (int)i;
		}
	}
	return best;
}

size_t prog_cost__hottest(const struct prog_cost *pc, unsigned *lines,
			  long *counts, size_t n)
{
	size_t k = 0;

	/* Insertion into a short sorted list: n is a handful. */
	for (unsigned l = 1; l < pc->n_lines; l++) {
		size_t at;

		if (!pc->per_line[l] || (k == n && pc->per_line[l] <= counts[k - 1]))
			continue;
		at = k < n ? k++ : n - 1;
		while (at > 0 && counts[at - 1] < pc->per_line[l]) {
			counts[at] = counts[at - 1];
			lines[at] = lines[at - 1];
			at--;
		}
		counts[at] = pc->per_line[l];
		lines[at] = l;
	}
	return k;
}

void file_cost__free(struct file_cost *fc)
{
	for (size_t i = 0; i < fc->n_progs; i++)
		free(fc->progs[i].per_line);
	free(fc->progs);
	free(fc->compile_log);
	memset(fc, 0, sizeof(*fc));
}
