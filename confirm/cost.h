/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What source lines cost: compile a file, verify each program with a
 * backend that counts per instruction, and fold the counts onto the
 * file's own lines (headers' lines are left out). bpf-lint --cost.
 */
#ifndef CONFIRM_COST_H
#define CONFIRM_COST_H

#include <stdbool.h>
#include <stddef.h>
#include "verifier-model/result.h"

struct prog_cost {
	char name[64];
	enum vm_verdict verdict;
	char reason[256];
	long total;           /* processed insns */
	long *per_line;       /* index: line of the file, 1-based */
	unsigned n_lines;     /* entries in per_line */
};

struct file_cost {
	bool compiled;
	char *compile_log;    /* compiler messages when !compiled */
	char error[256];      /* object or backend trouble */
	struct prog_cost *progs;
	size_t n_progs;
};

/*
 * Compile text as the file path with args and verify every program with
 * be. 0 (check fc->compiled), or -errno.
 */
int file_cost__measure(struct file_cost *fc, const char *path,
		       const char *text, size_t len, char *const *args,
		       const struct vm_backend *be);
/* Insns of prog spent on lines [first, last]. */
long prog_cost__lines(const struct prog_cost *pc, unsigned first,
		      unsigned last);
/* The program spending most on lines [first, last], or -1 if none does. */
int file_cost__costliest(const struct file_cost *fc, unsigned first,
			 unsigned last, long *insns);
/* Up to n hottest lines of pc (lines[], counts[]); returns how many. */
size_t prog_cost__hottest(const struct prog_cost *pc, unsigned *lines,
			  long *counts, size_t n);
void file_cost__free(struct file_cost *fc);

#endif
