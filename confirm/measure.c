/* SPDX-License-Identifier: GPL-2.0-only */
/* Measuring an object: every program through one backend. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "confirm/compile.h"
#include "confirm/confirm.h"
#include "confirm/fingerprint.h"
#include "confirm/result_cache.h"

static int copy_code(struct prog_figures *pf, const struct vm_prog *prog)
{
	size_t bytes = prog->n_insns * sizeof(*prog->insns);

	pf->insns_copy = malloc(bytes ? bytes : 1);
	if (!pf->insns_copy)
		return -ENOMEM;
	memcpy(pf->insns_copy, prog->insns, bytes);
	pf->n_insns = prog->n_insns;
	/* static -> global changes no instruction, only how it is verified */
	for (size_t i = 0; i < prog->n_subprogs && i < 64; i++)
		if (prog->subprogs[i].global)
			pf->global_subprogs |= 1ull << i;
	return 0;
}

static const struct prog_figures *find_prog(const struct measurement *m,
					    const char *name);

/*
 * A trial program that processes several times what the reference did
 * has lost: its exact count changes no decision, and without a budget a
 * trial that falls back to a 1,000,000-insn loop costs as much as the
 * slowest program. The margin keeps the "would grow A -> B" figures
 * exact for the moderate growth a user wants to see.
 */
static long trial_budget(const struct prog_figures *ref, long limit)
{
	long budget;

	if (!ref || ref->verdict != VM_ACCEPTED || ref->over_budget)
		return limit;
	budget = 4 * ref->insns + 10000;
	return budget < limit ? budget : limit;
}

/* Run one program through the backend into pf. */
static void verify_prog(struct prog_figures *pf, const struct vm_object *obj,
			size_t i, const struct vm_backend *be,
			const struct vm_options *opt, const struct measurement *ref)
{
	const struct prog_figures *same = ref ? find_prog(ref, pf->name) : NULL;
	struct vm_options capped = *opt;
	long limit = opt->max_insns > 0 ? opt->max_insns : 1000000;
	struct cached_result known;
	struct vm_result res;

	if (same && same->fingerprint == pf->fingerprint && !same->over_budget) {
		pf->verdict = same->verdict;
		pf->insns = same->insns;
		pf->reused = true;
		snprintf(pf->reason, sizeof(pf->reason), "%s", same->reason);
		return;
	}
	if (be->insn_budget && ref)
		capped.max_insns = trial_budget(same, limit);
	if (!result_cache__get(be, &capped, pf->fingerprint, &known)) {
		pf->cached = true;	/* verified so in another trial or unit */
	} else {
		vm_backend__verify(be, obj, i, &capped, &res);
		known.verdict = res.verdict;
		known.insns = res.insns;
		snprintf(known.reason, sizeof(known.reason), "%s", res.reason);
		vm_result__free(&res);
		result_cache__put(be, &capped, pf->fingerprint, &known);
	}
	pf->verdict = known.verdict;
	pf->insns = known.insns;
	pf->over_budget = capped.max_insns < limit && known.verdict == VM_REJECTED &&
			  known.insns > capped.max_insns;
	snprintf(pf->reason, sizeof(pf->reason), "%s", known.reason);
}

/* Programs of one object shared out to threads: the model is reentrant. */
struct verify_pool {
	struct measurement *m;
	const struct vm_object *obj;
	const struct vm_backend *be;
	const struct vm_options *opt;
	const struct measurement *ref;
	pthread_mutex_t lock;
	size_t next;
};

static void *verify_worker(void *arg)
{
	struct verify_pool *p = arg;

	for (;;) {
		size_t i;

		pthread_mutex_lock(&p->lock);
		i = p->next++;
		pthread_mutex_unlock(&p->lock);
		if (i >= p->m->n_progs)
			return NULL;
		verify_prog(&p->m->progs[i], p->obj, i, p->be, p->opt, p->ref);
	}
}

/* A parallel backend (the model) runs one thread per CPU; the others stay serial. */
static void verify_all(struct verify_pool *p)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	size_t want = p->be->parallel && cpus > 1 ? (size_t)cpus : 1;
	pthread_t tid[16];
	size_t started = 0;

	if (want > p->m->n_progs)
		want = p->m->n_progs;
	if (want > 16)
		want = 16;
	pthread_mutex_init(&p->lock, NULL);
	/* this thread is a worker too: a failed create only means fewer */
	while (started + 1 < want &&
	       !pthread_create(&tid[started], NULL, verify_worker, p))
		started++;
	verify_worker(p);
	for (size_t t = 0; t < started; t++)
		pthread_join(tid[t], NULL);
	pthread_mutex_destroy(&p->lock);
}

int measurement__verify(struct measurement *m, const char *obj_path,
			const struct vm_backend *be, const struct vm_options *opt,
			const struct measurement *ref)
{
	struct vm_object *obj = NULL;
	struct verify_pool pool = { .m = m, .be = be, .opt = opt, .ref = ref };
	int err;

	m->compiled = true;
	/* with bpf-fix -G, the configuration the programs run with */
	err = vm_object__open_with(obj_path, opt, &obj, m->error, sizeof(m->error));
	if (err)
		return err;
	m->progs = calloc(obj->n_progs ? obj->n_progs : 1, sizeof(*m->progs));
	if (!m->progs) {
		vm_object__free(obj);
		return -ENOMEM;
	}
	for (size_t i = 0; i < obj->n_progs && !err; i++) {
		struct prog_figures *pf = &m->progs[m->n_progs++];

		snprintf(pf->name, sizeof(pf->name), "%s", obj->progs[i].name);
		pf->fingerprint = prog_fingerprint(obj, &obj->progs[i]);
		err = copy_code(pf, &obj->progs[i]);
	}
	if (!err) {
		pool.obj = obj;
		verify_all(&pool);
		for (size_t i = 0; i < m->n_progs; i++)
			m->total += m->progs[i].insns;
	}
	vm_object__free(obj);
	return err;
}

void measurement__free(struct measurement *m)
{
	for (size_t i = 0; i < m->n_progs; i++)
		free(m->progs[i].insns_copy);
	free(m->progs);
	free(m->compile_log);
	memset(m, 0, sizeof(*m));
}

static const struct prog_figures *find_prog(const struct measurement *m,
					    const char *name)
{
	for (size_t i = 0; i < m->n_progs; i++)
		if (strcmp(m->progs[i].name, name) == 0)
			return &m->progs[i];
	return NULL;
}

bool measurement__over_budget(const struct measurement *m)
{
	for (size_t i = 0; i < m->n_progs; i++)
		if (m->progs[i].over_budget)
			return true;
	return false;
}

static bool same_prog_code(const struct prog_figures *pa,
			   const struct prog_figures *pb);

bool measurement__same_code(const struct measurement *a,
			    const struct measurement *b)
{
	if (a->n_progs != b->n_progs)
		return false;
	for (size_t i = 0; i < a->n_progs; i++) {
		const struct prog_figures *pb = find_prog(b, a->progs[i].name);

		if (!pb || !same_prog_code(&a->progs[i], pb))
			return false;
	}
	return true;
}

static bool same_prog_code(const struct prog_figures *pa,
			   const struct prog_figures *pb)
{
	return pa->n_insns == pb->n_insns &&
	       pa->global_subprogs == pb->global_subprogs &&
	       !memcmp(pa->insns_copy, pb->insns_copy,
		       pa->n_insns * sizeof(*pa->insns_copy));
}

/*
 * The per-program checks of confirm_judge: a program that cannot be
 * verified, one over its budget, one newly rejected. Returns the verdict,
 * or -1 when none applies; *fixed is set when a rejected program is now
 * accepted.
 */
static int judge_programs(const struct measurement *before,
			  const struct measurement *after, bool *fixed,
			  char *why, size_t whylen)
{
	for (size_t i = 0; i < after->n_progs; i++) {
		const struct prog_figures *pa = &after->progs[i];
		const struct prog_figures *pb = find_prog(before, pa->name);

		if (pa->verdict == VM_LOAD_ERROR || pa->verdict == VM_MODEL_LIMIT ||
		    (pb && (pb->verdict == VM_LOAD_ERROR ||
			    pb->verdict == VM_MODEL_LIMIT))) {
			snprintf(why, whylen, "%s: could not be verified: %s",
				 pa->name, pa->verdict == VM_ACCEPTED ||
				 pa->verdict == VM_REJECTED ? pb->reason : pa->reason);
			return CONFIRM_UNVERIFIABLE;
		}
		if (pa->over_budget) {
			snprintf(why, whylen, "%s would process more than %ld insns "
				 "(%ld before)", pa->name, pa->insns - 1,
				 pb ? pb->insns : 0L);
			return CONFIRM_WORSE;
		}
		if (pa->verdict == VM_REJECTED &&
		    (!pb || pb->verdict == VM_ACCEPTED)) {
			snprintf(why, whylen, "%s would be rejected: %s",
				 pa->name, pa->reason);
			return CONFIRM_BREAKS;
		}
		if (pb && pb->verdict == VM_REJECTED && pa->verdict == VM_ACCEPTED)
			*fixed = true;
	}
	return -1;
}

/*
 * Totals over the programs accepted before and after: a rejected
 * program's count is where the verifier gave up, which confirms nothing.
 * *still_rejected names a program rejected both times whose code changed.
 */
static void accepted_totals(const struct measurement *before,
			    const struct measurement *after, long *tb, long *ta,
			    const char **still_rejected)
{
	*tb = *ta = 0;
	*still_rejected = NULL;
	for (size_t i = 0; i < after->n_progs; i++) {
		const struct prog_figures *pa = &after->progs[i];
		const struct prog_figures *pb = find_prog(before, pa->name);

		if (!pb)
			continue;
		if (pa->verdict == VM_ACCEPTED && pb->verdict == VM_ACCEPTED) {
			*tb += pb->insns;
			*ta += pa->insns;
		} else if (pa->verdict == VM_REJECTED && pb->verdict == VM_REJECTED &&
			   !same_prog_code(pa, pb) && !*still_rejected) {
			*still_rejected = pa->name;
		}
	}
}

enum confirm_verdict confirm_judge(const struct measurement *before,
				   const struct measurement *after,
				   char *why, size_t whylen)
{
	const char *still_rejected;
	bool fixed = false;
	long tb, ta;
	int v;

	if (!after->compiled) {
		const char *log = after->compile_log;
		char first[200];

		if (log && !strncmp(log, COMPILE_TIMEOUT_TEXT, strlen(COMPILE_TIMEOUT_TEXT))) {
			snprintf(why, whylen, "%.*s", (int)strcspn(log, "\n"), log);
		} else {
			compile_log__first_error(log, first, sizeof(first));
			snprintf(why, whylen, "the rewritten file does not compile%s%s",
				 first[0] ? ": " : "", first);
		}
		return CONFIRM_NO_COMPILE;
	}
	v = judge_programs(before, after, &fixed, why, whylen);
	if (v >= 0)
		return (enum confirm_verdict)v;
	if (fixed) {
		snprintf(why, whylen, "a rejected program is now accepted");
		return CONFIRM_FIXES_REJECTION;
	}
	if (measurement__same_code(before, after)) {
		snprintf(why, whylen, "the compiled object is unchanged");
		return CONFIRM_NO_CHANGE;
	}
	accepted_totals(before, after, &tb, &ta, &still_rejected);
	if (ta > tb) {
		snprintf(why, whylen, "processed insns would grow %ld -> %ld", tb, ta);
		return CONFIRM_WORSE;
	}
	if (ta == tb && still_rejected) {
		snprintf(why, whylen, "%s is rejected before and after: nothing "
			 "is confirmed", still_rejected);
		return CONFIRM_STILL_REJECTED;
	}
	if (ta == tb) {
		snprintf(why, whylen, "no change in processed insns (%ld)", ta);
		return CONFIRM_NEUTRAL;
	}
	snprintf(why, whylen, "processed insns %ld -> %ld", tb, ta);
	return CONFIRM_HELPS;
}

bool confirm_acceptable(enum confirm_verdict v)
{
	return v == CONFIRM_FIXES_REJECTION || v == CONFIRM_HELPS;
}

/* True if some program of after processes more insns than in before. */
bool measurement__any_grew(const struct measurement *before,
			   const struct measurement *after)
{
	for (size_t i = 0; i < after->n_progs; i++) {
		const struct prog_figures *pb =
			find_prog(before, after->progs[i].name);

		/* A rejected program stops early: loading it costs more, gladly;
		 * rejected both times, its counts say where it gave up, no more. */
		if (pb && pb->verdict == VM_REJECTED &&
		    after->progs[i].verdict != VM_LOAD_ERROR &&
		    after->progs[i].verdict != VM_MODEL_LIMIT)
			continue;
		if (after->progs[i].over_budget ||
		    (pb && after->progs[i].insns > pb->insns))
			return true;
	}
	return false;
}

/* The words of the table, not veristat's success/failure. */
static const char *verdict_word(enum vm_verdict v)
{
	switch (v) {
	case VM_ACCEPTED: return "accepted";
	case VM_REJECTED: return "rejected";
	case VM_MODEL_LIMIT: return "model limit";
	case VM_LOAD_ERROR: return "not verified";
	}
	return "?";
}

static bool now_accepted(const struct prog_figures *pb,
			 const struct prog_figures *pa)
{
	return pb && pb->verdict == VM_REJECTED && pa->verdict == VM_ACCEPTED;
}

static void print_row(FILE *out, const struct prog_figures *pb,
		      const struct prog_figures *pa)
{
	long b = pb ? pb->insns : 0;
	double pct = b ? 100.0 * (double)(pa->insns - b) / (double)b : 0;

	fprintf(out, "  %s: %ld -> %ld processed insns (%+.1f%%), %s -> %s\n",
		pa->name, b, pa->insns, pct,
		pb ? verdict_word(pb->verdict) : "absent", verdict_word(pa->verdict));
}

void confirm_print_table(FILE *out, const struct measurement *before,
			 const struct measurement *after)
{
	/* Programs the fix makes loadable come first: the best news. */
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < after->n_progs; i++) {
			const struct prog_figures *pa = &after->progs[i];
			const struct prog_figures *pb = find_prog(before, pa->name);

			if (now_accepted(pb, pa) == (pass == 0))
				print_row(out, pb, pa);
		}
	}
}
