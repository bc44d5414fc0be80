/* SPDX-License-Identifier: GPL-2.0-only */
/* Choosing which candidate fixes to keep, by measuring them. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "confirm/confirm.h"

/* Leave-one-out costs one compile per fix: only for files with few. */
#define CONFIRM_MAX_PRUNE 8

/*
 * One choice in progress. gen counts changes of the kept set; drop_gen[i]
 * is the gen fix i was judged against when dropped, so the fixes judged
 * in a context that later changed can be judged again (settle()).
 */
struct chooser {
	const struct confirm_source *src;
	const struct vm_backend *be;
	const struct vm_options *opt;
	struct compile_dir *dir;
	struct confirm_outcome *out;
	unsigned gen;
	unsigned *drop_gen;
};

/* Render the chosen subset and start compiling it. */
static int start_subset(const struct confirm_source *src, const bool *chosen,
			struct compile_dir *dir, struct compile_job *job)
{
	size_t len;
	char *text = src->render(src->cookie, chosen, &len);
	int err;

	job->pid = 0;
	if (!text)
		return -ENOMEM;
	err = compile_job__start(job, dir, src->path, text, len, src->cc);
	free(text);
	return err;
}

/* Wait for a started subset and verify it into *m (judged against ref). */
static int finish_subset(struct compile_job *job, const struct vm_backend *be,
			 const struct vm_options *opt,
			 const struct measurement *ref, struct measurement *m)
{
	int err;

	memset(m, 0, sizeof(*m));
	err = compile_job__finish(job, &m->compile_log);
	if (err == -EBADMSG) {
		m->compiled = false;
		return 0;
	}
	if (err)
		return err;
	return measurement__verify(m, job->obj, be, opt, ref);
}

/* Render the chosen subset, compile it and verify it (judged against ref). */
static int measure_subset(const struct confirm_source *src, const bool *chosen,
			  const struct vm_backend *be,
			  const struct vm_options *opt, struct compile_dir *dir,
			  const struct measurement *ref, struct measurement *m)
{
	struct compile_job job;
	int err = start_subset(src, chosen, dir, &job);

	if (err) {
		memset(m, 0, sizeof(*m));
		return err;
	}
	return finish_subset(&job, be, opt, ref, m);
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
	char *a = src->render(src->cookie, trial, &la);
	char *b = src->render(src->cookie, kept, &lb);
	bool same = a && b && la == lb && !memcmp(a, b, la);

	free(a);
	free(b);
	return same;
}

static void set_dropped(struct chooser *ch, size_t i, const char *why)
{
	free(ch->out->dropped_why[i]);
	ch->out->dropped_why[i] = strdup(why);
	ch->drop_gen[i] = ch->gen;
}

/* The kept set became kept (true/false for fix i) with after as its figures. */
static void change_kept(struct chooser *ch, size_t i, bool kept,
			struct measurement *after)
{
	ch->out->kept[i] = kept;
	measurement__free(&ch->out->after);
	ch->out->after = *after;
	ch->out->have_after = true;
	ch->gen++;
}

/* The figures of the kept set: the original's until some fix is kept. */
static const struct measurement *current(const struct chooser *ch)
{
	return ch->out->have_after ? &ch->out->after : &ch->out->before;
}

/*
 * Try fix i on top of the kept set; keep it when confirmed. Returns 0 or
 * -errno; *kept says whether it was kept, why says why not.
 */
static int try_on_top(struct chooser *ch, size_t i, bool *trial, bool *kept,
		      char *why, size_t whylen)
{
	const struct confirm_source *src = ch->src;
	const struct measurement *cur = current(ch);
	struct measurement m;
	enum confirm_verdict v;
	int err;

	*kept = false;
	memcpy(trial, ch->out->kept, src->n_fixes * sizeof(*trial));
	trial[i] = true;
	/* An edit identical to one already kept costs nothing to keep. */
	if (same_text(src, trial, ch->out->kept)) {
		ch->out->kept[i] = *kept = true;
		return 0;
	}
	err = measure_subset(src, trial, ch->be, ch->opt, ch->dir, cur, &m);
	if (err)
		return err;
	v = confirm_judge(cur, &m, why, whylen);
	if (keepable(v, must_help(src, i)) && !measurement__any_grew(cur, &m)) {
		change_kept(ch, i, true, &m);
		*kept = true;
		return 0;
	}
	if (confirm_acceptable(v))
		snprintf(why, whylen, "it makes some program process more insns");
	measurement__free(&m);
	return 0;
}

/* Try each fix on top of the ones kept so far, in order. */
static int choose_one_by_one(struct chooser *ch)
{
	const struct confirm_source *src = ch->src;
	bool *trial = calloc(src->n_fixes ? src->n_fixes : 1, sizeof(*trial));
	char why[512];
	int err = 0;

	if (!trial)
		return -ENOMEM;
	for (size_t i = 0; i < src->n_fixes && !err; i++) {
		bool kept;

		if (!eligible(src, i))
			continue;
		err = try_on_top(ch, i, trial, &kept, why, sizeof(why));
		if (!err && !kept)
			set_dropped(ch, i, why);
	}
	free(trial);
	return err;
}

/*
 * A second run sees only the dropped fixes, each alone on top of what
 * this run kept. Judge them so now, until nothing changes: a fix dropped
 * while other fixes were still in play (or before others were kept) may
 * help the final set, and then a second run would apply it.
 */
static int settle(struct chooser *ch)
{
	const struct confirm_source *src = ch->src;
	bool *trial = calloc(src->n_fixes ? src->n_fixes : 1, sizeof(*trial));
	bool changed = true;
	char why[512];
	int err = 0;

	if (!trial)
		return -ENOMEM;
	while (changed && !err) {
		changed = false;
		for (size_t i = 0; i < src->n_fixes && !err; i++) {
			bool kept;

			if (!eligible(src, i) || ch->out->kept[i] ||
			    !ch->out->dropped_why[i] || ch->drop_gen[i] == ch->gen)
				continue;
			err = try_on_top(ch, i, trial, &kept, why, sizeof(why));
			if (err)
				break;
			if (kept) {
				free(ch->out->dropped_why[i]);
				ch->out->dropped_why[i] = NULL;
				changed = true;
			} else {
				set_dropped(ch, i, why);
			}
		}
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
				struct compile_dir *dir, struct compile_job *jobs,
				bool *trial)
{
	for (size_t i = 0; i < src->n_fixes; i++) {
		jobs[i].pid = 0;
		if (!out->kept[i])
			continue;
		memcpy(trial, out->kept, src->n_fixes * sizeof(*trial));
		trial[i] = false;
		if (!same_text(src, trial, out->kept) &&
		    start_subset(src, trial, dir, &jobs[i]))
			jobs[i].pid = 0;	/* measured in turn instead */
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
static int prune_passengers(struct chooser *ch)
{
	const struct confirm_source *src = ch->src;
	struct confirm_outcome *out = ch->out;
	bool *trial = calloc(src->n_fixes, sizeof(*trial));
	struct compile_job *jobs = calloc(src->n_fixes, sizeof(*jobs));
	bool stale = false;
	char why[512];
	int err = 0;

	if (!trial || !jobs) {
		free(trial);
		free(jobs);
		return -ENOMEM;
	}
	start_leave_one_out(src, out, ch->dir, jobs, trial);
	for (size_t i = 0; i < src->n_fixes && !err; i++) {
		struct measurement m;
		enum confirm_verdict v;

		if (!out->kept[i])
			continue;
		memcpy(trial, out->kept, src->n_fixes * sizeof(*trial));
		trial[i] = false;
		if (stale)
			compile_job__cancel(&jobs[i]);
		if (same_text(src, trial, out->kept)) {
			compile_job__cancel(&jobs[i]);
			continue;	/* its edit is also another kept fix's */
		}
		err = jobs[i].pid ? finish_subset(&jobs[i], ch->be, ch->opt, &out->after, &m)
				  : measure_subset(src, trial, ch->be, ch->opt, ch->dir,
						   &out->after, &m);
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
		stale = true;
		say_why_dropped(why, sizeof(why), v, &m, &out->after);
		change_kept(ch, i, false, &m);
		set_dropped(ch, i, why);
	}
	for (size_t i = 0; i < src->n_fixes; i++)
		compile_job__cancel(&jobs[i]);
	free(jobs);
	free(trial);
	return err;
}

/* One candidate, already measured against the original as v. */
static int keep_single(struct chooser *ch, enum confirm_verdict v, const char *why)
{
	const struct confirm_source *src = ch->src;

	for (size_t i = 0; i < src->n_fixes; i++) {
		if (!eligible(src, i) || keepable(v, must_help(src, i)))
			continue;
		ch->out->kept[i] = false;
		measurement__free(&ch->out->after);
		ch->out->have_after = false;
		ch->gen++;
		set_dropped(ch, i, why);
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

/* Verify the original (compiled as orig_job) while all_job compiles. */
static int measure_original(struct chooser *ch, struct compile_job *orig_job,
			    struct compile_job *all_job)
{
	int err = finish_subset(orig_job, ch->be, ch->opt, NULL, &ch->out->before);

	if (err || !ch->out->before.compiled) {
		compile_job__cancel(all_job);
		return err ? err : -EBADMSG;
	}
	ch->out->original_compiles = true;
	return 0;
}

/* All candidates at once; then prune them, or choose them one by one. */
static int choose(struct chooser *ch, const bool *all, struct compile_job *all_job)
{
	const struct confirm_source *src = ch->src;
	struct confirm_outcome *out = ch->out;
	char why[512];
	struct measurement m;
	enum confirm_verdict v;
	int err;

	err = all_job->pid ? finish_subset(all_job, ch->be, ch->opt, &out->before, &m)
			   : measure_subset(src, all, ch->be, ch->opt, ch->dir,
					    &out->before, &m);
	if (err)
		return err;
	v = confirm_judge(&out->before, &m, why, sizeof(why));
	if (keepable(v, false) && !measurement__any_grew(&out->before, &m)) {
		memcpy(out->kept, all, src->n_fixes * sizeof(*all));
		out->after = m;
		out->have_after = true;
		ch->gen++;
		if (eligible_count(src) == 1)
			return keep_single(ch, v, why);
		return eligible_count(src) <= CONFIRM_MAX_PRUNE ? prune_passengers(ch) : 0;
	}
	measurement__free(&m);
	if (eligible_count(src) == 1) {
		for (size_t i = 0; i < src->n_fixes; i++)
			if (eligible(src, i))
				set_dropped(ch, i, why);
		return 0;
	}
	return choose_one_by_one(ch);
}

int confirm_choose(const struct confirm_source *src,
		   const struct vm_backend *be, const struct vm_options *opt,
		   struct compile_dir *dir, struct confirm_outcome *out)
{
	size_t n = src->n_fixes ? src->n_fixes : 1;
	struct chooser ch = { .src = src, .be = be, .opt = opt, .dir = dir, .out = out };
	struct compile_job orig_job = { 0 }, all_job = { 0 };
	bool *all;
	int err;

	memset(out, 0, sizeof(*out));
	out->kept = calloc(n, sizeof(*out->kept));
	out->dropped_why = calloc(n, sizeof(*out->dropped_why));
	ch.drop_gen = calloc(n, sizeof(*ch.drop_gen));
	all = calloc(n, sizeof(*all));
	if (!out->kept || !out->dropped_why || !all || !ch.drop_gen) {
		free(all);
		free(ch.drop_gen);
		return -ENOMEM;
	}
	/* The first trial takes every candidate at once (usually enough); it
	 * compiles while the original is being verified. */
	for (size_t i = 0; i < src->n_fixes; i++)
		all[i] = eligible(src, i);
	err = start_subset(src, out->kept, dir, &orig_job);
	if (!err && eligible_count(src) && start_subset(src, all, dir, &all_job))
		all_job.pid = 0;	/* compiled after the original instead */
	if (!err)
		err = measure_original(&ch, &orig_job, &all_job);
	if (!err && eligible_count(src))
		err = choose(&ch, all, &all_job);
	if (!err && eligible_count(src))
		err = settle(&ch);
	free(all);
	free(ch.drop_gen);
	return err;
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
