/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Many files at once: -j N worker threads, each with its own libclang
 * session, and results handed back in input order so that the output is
 * the same whatever N is.
 */
#ifndef BPF_LINT_POOL_H
#define BPF_LINT_POOL_H

#include <stddef.h>

struct lint_session;

struct lint_pool_ops {
	/* Item i on a worker thread, with that thread's session (NULL: none could be made). */
	void (*work)(void *arg, size_t i, struct lint_session *s);
	/* Item i on the calling thread, in index order, once 0..i are worked. */
	void (*done)(void *arg, size_t i);
};

/*
 * Run n items on jobs threads (0: one per core). If no thread can start,
 * the items run one after another on the calling thread instead.
 */
void lint_pool_run(size_t n, unsigned jobs, const struct lint_pool_ops *ops, void *arg);

/* The number of online cores, at least 1 (the default for -j). */
unsigned lint_pool_default_jobs(void);

#endif
