// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer harness: the lint front end and the rewrite engine on
 * mutated sources. The input is an editor buffer for a .bpf.c file
 * (lint_run with unsaved_text, as bpf-fix lints the bytes it read);
 * the findings' fixes are planned, rendered, re-selected and diffed.
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "config.h"
#include "lint/lint.h"
#include "rewrite/diff.h"
#include "rewrite/plan.h"
#include "fuzz/fuzz.h"

static struct lint_session *session;
static char dir[] = "/tmp/bpf-lint-fuzz-XXXXXX";
static char path[256];
static const char *args[] = { "-I" BPF_SOURCE_ROOT "/testdata/include", "-ferror-limit=5" };

/* The directory stays empty (the file is unsaved text): nothing left behind. */
static void remove_dir(void)
{
	rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	/* a private directory: no .bpf-lint.yaml of anyone's above the file */
	if (!mkdtemp(dir))
		abort();
	atexit(remove_dir);
	snprintf(path, sizeof(path), "%s/fuzz.bpf.c", dir);
	session = lint_session_new();
	if (!session)
		abort();
	return 0;
}

/* Plan every fix, then every other one, and diff: the engine's paths. */
static void rewrite(const char *src, size_t len, const struct bpf_findings *found)
{
	struct fix_plan plan;
	bool *half;
	char *bytes, *diff = NULL;
	size_t blen, dlen;

	if (fix_plan__init(&plan, path, src, len, found, KVER(6, 4)))
		return;
	half = calloc(plan.n_cand + 1, sizeof(*half));
	for (size_t i = 0; half && i < plan.n_cand; i++)
		half[i] = i % 2;
	bytes = half ? fix_plan__bytes_for(&plan, half, &blen) : NULL;
	free(bytes);
	free(half);
	if (fix_plan__changed(&plan) &&
	    diff_unified("fuzz.bpf.c", plan.orig, plan.orig_len, plan.out,
			 plan.out_len, &diff, &dlen) == 0)
		free(diff);
	fix_plan__free(&plan);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* in process: libFuzzer must see the crash, not a child's one-line error */
	struct lint_options opt = { .extra_args = args, .n_extra_args = 2, .in_process = true,
				    .target_kernel = KVER(6, 18) };
	struct bpf_findings found = { 0 };
	char *err = NULL, *src;

	if (size > 256 * 1024)
		return 0;
	/* bpf-fix's snapshots are NUL-terminated; so is this copy */
	src = malloc(size + 1);
	if (!src)
		abort();
	memcpy(src, data, size);
	src[size] = '\0';
	opt.unsaved_text = src;
	opt.unsaved_len = size;
	if (lint_run(session, path, &opt, &found, &err) == 0)
		rewrite(src, size, &found);
	free(err);
	findings_free(&found);
	free(src);
	return 0;
}
