// SPDX-License-Identifier: GPL-2.0-only
/*
 * Workers take the next index under a lock and mark it worked; the calling
 * thread waits for the lowest index not yet handed to done() and hands it
 * over as soon as it is worked. So done() runs in order while workers go on.
 */
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>
#include "lint/lint.h"
#include "cmd/pool.h"

struct pool {
	const struct lint_pool_ops *ops;
	void *arg;
	size_t n, next;          /* next index to hand to a worker */
	bool *worked;
	pthread_mutex_t lock;
	pthread_cond_t progress;
};

static void *worker(void *p_)
{
	struct pool *p = p_;
	struct lint_session *s = lint_session_new();

	for (;;) {
		size_t i;

		pthread_mutex_lock(&p->lock);
		i = p->next < p->n ? p->next++ : p->n;
		pthread_mutex_unlock(&p->lock);
		if (i == p->n)
			break;
		/* Without a session, work() still runs and reports its error. */
		p->ops->work(p->arg, i, s);
		pthread_mutex_lock(&p->lock);
		p->worked[i] = true;
		pthread_cond_signal(&p->progress);
		pthread_mutex_unlock(&p->lock);
	}
	lint_session_free(s);
	return NULL;
}

unsigned lint_pool_default_jobs(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (unsigned)n : 1;
}

/* One job: no threads at all, which keeps single-file runs simple to debug. */
static void run_inline(size_t n, const struct lint_pool_ops *ops, void *arg)
{
	struct lint_session *s = lint_session_new();

	for (size_t i = 0; i < n; i++) {
		ops->work(arg, i, s);
		ops->done(arg, i);
	}
	lint_session_free(s);
}

void lint_pool_run(size_t n, unsigned jobs, const struct lint_pool_ops *ops, void *arg)
{
	struct pool p = { .ops = ops, .arg = arg, .n = n };
	pthread_t *threads = NULL;
	unsigned started = 0;

	if (!jobs)
		jobs = lint_pool_default_jobs();
	if (jobs > n)
		jobs = (unsigned)n;
	if (jobs > 1) {
		p.worked = calloc(n, sizeof(*p.worked));
		threads = calloc(jobs, sizeof(*threads));
	}
	if (p.worked && threads) {
		pthread_mutex_init(&p.lock, NULL);
		pthread_cond_init(&p.progress, NULL);
		for (unsigned t = 0; t < jobs; t++)
			if (!pthread_create(&threads[started], NULL, worker, &p))
				started++;
	}
	if (!started) {
		run_inline(n, ops, arg);
		goto out;
	}
	for (size_t i = 0; i < n; i++) {
		pthread_mutex_lock(&p.lock);
		while (!p.worked[i])
			pthread_cond_wait(&p.progress, &p.lock);
		pthread_mutex_unlock(&p.lock);
		ops->done(arg, i);
	}
	for (unsigned t = 0; t < started; t++)
		pthread_join(threads[t], NULL);
out:
	if (p.worked && threads) {
		pthread_cond_destroy(&p.progress);
		pthread_mutex_destroy(&p.lock);
	}
	free(p.worked);
	free(threads);
}
