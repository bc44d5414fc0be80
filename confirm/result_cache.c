/* SPDX-License-Identifier: GPL-2.0-only */
/* Verifier results by program fingerprint (result_cache.h). */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "confirm/result_cache.h"

struct result {
	struct result *next;
	const struct vm_backend *be;
	struct vm_options opt;        /* max_insns: the budget it ran with */
	uint64_t fp;
	struct cached_result r;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static bool enabled;
/* by fingerprint: a directory run keeps thousands */
#define BUCKETS 1024
static struct result *results[BUCKETS];

void result_cache__enable(bool on)
{
	enabled = on;
}

/* Everything but the budget says how a program is verified. */
static bool same_setup(const struct result *e, const struct vm_backend *be,
		       const struct vm_options *opt, uint64_t fp)
{
	return e->fp == fp && e->be == be && e->opt.kernel == opt->kernel &&
	       e->opt.prog_flags == opt->prog_flags &&
	       e->opt.test_state_freq == opt->test_state_freq &&
	       e->opt.globals == opt->globals && e->opt.mem_cap_mb == opt->mem_cap_mb &&
	       e->opt.time_cap_ms == opt->time_cap_ms;
}

/* The budget only stops the walk: a run it did not stop is the same under any budget it fits. */
static bool fits(const struct result *e, long budget)
{
	if (e->r.insns > e->opt.max_insns)	/* stopped by its budget */
		return budget == e->opt.max_insns;
	return e->r.insns <= budget;
}

int result_cache__get(const struct vm_backend *be, const struct vm_options *opt,
		      uint64_t fp, struct cached_result *out)
{
	int err = -ENOENT;

	if (!enabled)
		return -ENOENT;
	pthread_mutex_lock(&lock);
	for (const struct result *e = results[fp % BUCKETS]; e; e = e->next) {
		if (same_setup(e, be, opt, fp) && fits(e, opt->max_insns)) {
			*out = e->r;
			err = 0;
			break;
		}
	}
	pthread_mutex_unlock(&lock);
	return err;
}

void result_cache__put(const struct vm_backend *be, const struct vm_options *opt,
		       uint64_t fp, const struct cached_result *r)
{
	struct result *e;

	if (!enabled || r->verdict == VM_LOAD_ERROR || r->verdict == VM_MODEL_LIMIT)
		return;
	e = calloc(1, sizeof(*e));
	if (!e)
		return;
	*e = (struct result){ .be = be, .opt = *opt, .fp = fp, .r = *r };
	e->opt.want_insn_counts = false;
	pthread_mutex_lock(&lock);
	e->next = results[fp % BUCKETS];
	results[fp % BUCKETS] = e;
	pthread_mutex_unlock(&lock);
}
