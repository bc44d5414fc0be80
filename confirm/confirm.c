/* SPDX-License-Identifier: GPL-2.0-only */
/* Choosing which candidate fixes to keep, by measuring them. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "confirm/confirm.h"
#include "confirm/units.h"

/* Leave-one-out costs one compile per fix: only for files with few. */
#define CONFIRM_MAX_PRUNE 8

/* Render the chosen subset, compile it and verify it (judged against ref). */
static int measure_subset(const struct confirm_source *src, const bool *chosen,
			  const struct vm_backend *be,
			  const struct vm_options *opt, struct compile_dir *dir,
			  const struct measurement *ref, struct measurement *m)
{
	struct trial t = { 0 };
	int err = trial__start(&t, src, chosen, dir);

	if (err) {
		memset(m, 0, sizeof(*m));
		return err;
	}
	return trial__finish(&t, src, be, opt, ref, m);
}

static bool eligible(const struct confirm_source *src, size_t i)
{
	return !src->eligible || src->eligible[i];
}

static bool must_help(const struct confirm_source *src, size_t i)
{
	return !src->must_help || src->must_help[i];
}

/* May a change judged v be kept? A cost fix must gain; others must not lose. */
static bool keepable(enum confirm_verdict v, bool need_gain)
{
	return confirm_acceptable(v) ||
	       (!need_gain && (v == CONFIRM_NEUTRAL || v == CONFIRM_NO_CHANGE));
}

/* True if trial renders to the same bytes as the subset kept so far. */
static bool same_text(const struct confirm_source *src, const bool *trial,
		      const bool *kept)
{
	size_t la, lb;
	char *a = trial__render_blob(src, trial, &la);
	char *b = trial__render_blob(src, kept, &lb);
	bool same = a && b && la == lb && !memcmp(a, b, la);

	free(a);
	free(b);
	return same;
}

static void set_dropped(struct confirm_outcome *out, size_t i, const char *why)
{
	free(out->dropped_why[i]);
	out->dropped_why[i] = strdup(why);
}

/* Try each fix on top of the ones kept so far, in order. */
static int choose_one_by_one(const struct confirm_source *src,
			     const struct vm_backend *be,
			     const struct vm_options *opt,
			     struct compile_dir *dir, struct confirm_outcome *out)
{
	bool *trial = calloc(src->n_fixes ? src->n_fixes : 1, sizeof(*trial));
	char why[512];
	int err = 0;

	if (!trial)
		return -ENOMEM;
	for (size_t i = 0; i < src->n_fixes && !err; i++) {
		struct measurement m;
		enum confirm_verdict v;

		if (!eligible(src, i))
			continue;
		memcpy(trial, out->kept, src->n_fixes * sizeof(*trial));
		trial[i] = true;
		/* An edit identical to one already kept costs nothing to keep. */
		if (same_text(src, trial, out->kept)) {
			out->kept[i] = true;
			continue;
		}
		const struct measurement *cur =
			out->have_after ? &out->after : &out->before;

		err = measure_subset(src, trial, be, opt, dir, cur, &m);
		if (err)
			break;

		v = confirm_judge(cur, &m, why, sizeof(why));
		if (keepable(v, must_help(src, i)) && !measurement__any_grew(cur, &m)) {
			out->kept[i] = true;
			measurement__free(&out->after);
			out->after = m;
			out->have_after = true;
			continue;
		}
		if (confirm_acceptable(v))
			snprintf(why, sizeof(why),
				 "it makes some program process more insns");
		set_dropped(out, i, why);
		measurement__free(&m);
	}
	free(trial);
	return err;
}

/*
 * Start compiling "kept without i" for every kept i at once: clang runs
 * on the other cores while the model verifies. A job stays valid until
 * some fix is dropped (then the subsets it was built from are stale).
 */
static void start_leave_one_out(const struct confirm_source *src,
				const struct confirm_outcome *out,
				struct compile_dir *dir, struct trial *jobs,
				bool *trial)
{
	for (size_t i = 0; i < src->n_fixes; i++) {
		memset(&jobs[i], 0, sizeof(jobs[i]));
		if (!out->kept[i])
			continue;
		memcpy(trial, out->kept, src->n_fixes * sizeof(*trial));
		trial[i] = false;
		if (!same_text(src, trial, out->kept))
			trial__start(&jobs[i], src, trial, dir);	/* else measured in turn */
	}
}

/* The leave-one-out message for a dropped fix. */
static void say_why_dropped(char *why, size_t len, enum confirm_verdict v,
			    const struct measurement *without,
			    const struct measurement *with)
{
	if (v == CONFIRM_NO_CHANGE)
		snprintf(why, len, "the compiled object is unchanged");
	else if (without->total == with->total)
		snprintf(why, len, "no gain: %ld processed insns with or "
			 "without it", without->total);
	else
		snprintf(why, len, "it costs: %ld processed insns without it, "
			 "%ld with it", without->total, with->total);
}

/*
 * After all candidates were accepted together: drop each one whose
 * removal does not make things worse, so a harmful or useless fix does
 * not ride along with helpful ones in the same program.
 */
static int prune_passengers(const struct confirm_source *src,
			    const struct vm_backend *be,
			    const struct vm_options *opt,
			    struct compile_dir *dir, struct confirm_outcome *out)
{
	bool *trial = calloc(src->n_fixes, sizeof(*trial));
	struct trial *jobs = calloc(src->n_fixes, sizeof(*jobs));
	bool stale = false;
	char why[512];
	int err = 0;

	if (!trial || !jobs) {
		free(trial);
		free(jobs);
		return -ENOMEM;
	}
	start_leave_one_out(src, out, dir, jobs, trial);
	for (size_t i = 0; i < src->n_fixes && !err; i++) {
		struct measurement m;
		enum confirm_verdict v;

		if (!out->kept[i])
			continue;
		memcpy(trial, out->kept, src->n_fixes * sizeof(*trial));
		trial[i] = false;
		if (stale)
			trial__cancel(&jobs[i]);
		if (same_text(src, trial, out->kept)) {
			trial__cancel(&jobs[i]);
			continue;	/* its edit is also another kept fix's */
		}
		err = trial__running(&jobs[i]) ?
			trial__finish(&jobs[i], src, be, opt, &out->after, &m) :
			measure_subset(src, trial, be, opt, dir, &out->after, &m);
		if (err)
			break;
		/* Judge "with i" (current) against "without i" (m); a subset that
		 * does not compile needs i (e.g. a pragma before a rewritten loop),
		 * one over its budget is far dearer without i. */
		v = confirm_judge(&m, &out->after, why, sizeof(why));
		if (!m.compiled || measurement__over_budget(&m) ||
		    (keepable(v, must_help(src, i)) &&
		     !measurement__any_grew(&m, &out->after))) {
			measurement__free(&m);
			continue;
		}
		out->kept[i] = false;
		stale = true;
		say_why_dropped(why, sizeof(why), v, &m, &out->after);
		set_dropped(out, i, why);
		measurement__free(&out->after);
		out->after = m;
	}
	for (size_t i = 0; i < src->n_fixes; i++)
		trial__cancel(&jobs[i]);
	free(jobs);
	free(trial);
	return err;
}

/* One candidate, already measured against the original as v. */
static int keep_single(const struct confirm_source *src, enum confirm_verdict v,
		       const char *why, struct confirm_outcome *out)
{
	for (size_t i = 0; i < src->n_fixes; i++) {
		if (!eligible(src, i) || keepable(v, must_help(src, i)))
			continue;
		out->kept[i] = false;
		set_dropped(out, i, why);
		measurement__free(&out->after);
		out->have_after = false;
	}
	return 0;
}

static size_t eligible_count(const struct confirm_source *src)
{
	size_t n = 0;

	for (size_t i = 0; i < src->n_fixes; i++)
		n += eligible(src, i);
	return n;
}

int confirm_choose(const struct confirm_source *src,
		   const struct vm_backend *be, const struct vm_options *opt,
		   struct compile_dir *dir, struct confirm_outcome *out)
{
	size_t n = src->n_fixes ? src->n_fixes : 1;
	struct trial orig_job = { 0 }, all_job = { 0 };
	bool *all;
	char why[512];
	struct measurement m;
	enum confirm_verdict v;
	int err;

	memset(out, 0, sizeof(*out));
	out->kept = calloc(n, sizeof(*out->kept));
	out->dropped_why = calloc(n, sizeof(*out->dropped_why));
	all = calloc(n, sizeof(*all));
	if (!out->kept || !out->dropped_why || !all) {
		free(all);
		return -ENOMEM;
	}
	/* The first trial takes every candidate at once (usually enough); it
	 * compiles while the original is being verified. */
	for (size_t i = 0; i < src->n_fixes; i++)
		all[i] = eligible(src, i);
	err = trial__start(&orig_job, src, out->kept, dir);
	if (!err && eligible_count(src))
		trial__start(&all_job, src, all, dir);	/* else compiled after the original */
	if (!err)
		err = trial__finish(&orig_job, src, be, opt, NULL, &out->before);
	if (err || !out->before.compiled || !eligible_count(src)) {
		trial__cancel(&all_job);
		free(all);
		if (err || !out->before.compiled)
			return err ? err : -EBADMSG;
		out->original_compiles = true;
		return 0;
	}
	out->original_compiles = true;
	err = trial__running(&all_job) ? trial__finish(&all_job, src, be, opt, &out->before, &m)
					: measure_subset(src, all, be, opt, dir, &out->before, &m);
	if (err) {
		free(all);
		return err;
	}
	v = confirm_judge(&out->before, &m, why, sizeof(why));
	if (keepable(v, false) && !measurement__any_grew(&out->before, &m)) {
		memcpy(out->kept, all, n * sizeof(*all));
		out->after = m;
		out->have_after = true;
		free(all);
		if (eligible_count(src) == 1)
			return keep_single(src, v, why, out);
		return eligible_count(src) <= CONFIRM_MAX_PRUNE ?
			prune_passengers(src, be, opt, dir, out) : 0;
	}
	measurement__free(&m);
	free(all);
	if (eligible_count(src) == 1) {
		for (size_t i = 0; i < src->n_fixes; i++)
			if (eligible(src, i))
				set_dropped(out, i, why);
		return 0;
	}
	return choose_one_by_one(src, be, opt, dir, out);
}

void confirm_outcome__free(struct confirm_outcome *out, size_t n_fixes)
{
	measurement__free(&out->before);
	measurement__free(&out->after);
	if (out->dropped_why)
		for (size_t i = 0; i < n_fixes; i++)
			free(out->dropped_why[i]);
	free(out->dropped_why);
	free(out->kept);
	memset(out, 0, sizeof(*out));
}
