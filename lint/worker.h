/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The language server's parses in a worker process (worker.c): it keeps
 * the warm units (warm.h) so that an edit costs a reparse, under the
 * memory limit of --parse-limits and its CPU limit per parse. A worker
 * that dies costs one error for the buffer it was parsing; the next lint
 * starts a new one.
 */
#ifndef BPF_LINT_WORKER_H
#define BPF_LINT_WORKER_H

#include <stdbool.h>
#include <stddef.h>
#include "lint/finding.h"
#include "lint/lint.h"

struct lint_worker;

/*
 * A worker linting with base's options (its strings must live as long
 * as the worker); the process starts on the first lint. NULL on ENOMEM.
 */
struct lint_worker *lint_worker_new(const struct lint_options *base);
void lint_worker_free(struct lint_worker *w);

/*
 * lint_warm_run for path with text (len bytes) as its contents, in the
 * worker. A worker that died parsing it (crash, memory or CPU limit) or
 * whose libclang caught a crash gives -ECHILD and one line in *err; when
 * it also held other documents, the lint is tried once more in a fresh
 * worker first (their units may have filled its memory).
 */
int lint_worker_run(struct lint_worker *w, const char *path, const char *text, size_t len,
		    struct bpf_findings *out, char **err, bool *reparsed);

/* Drop the unit the worker keeps for path (the editor closed it). */
void lint_worker_forget(struct lint_worker *w, const char *path);

#endif
