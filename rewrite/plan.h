/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A fix plan: one file's original bytes, the candidate fixes the rules
 * attached to its findings, the subset chosen, and the bytes that subset
 * yields. Computing and writing are separate steps so that a later stage
 * (confirm/) can try other subsets before anything touches the disk.
 *
 * Order and conflicts: candidates are taken in findings_sort order (file,
 * offset, rule id). A candidate whose edits overlap an edit of an earlier
 * chosen candidate loses as a whole: none of its edits is applied and it
 * is reported as FIX_SKIP_CONFLICT naming the winner. Identical edits
 * (same range, same text) do not conflict and are applied once. An
 * insertion at the start of a replaced range goes before it; an insertion
 * strictly inside one conflicts.
 */
#ifndef BPF_REWRITE_PLAN_H
#define BPF_REWRITE_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include "lint/finding.h"

enum fix_status {
	FIX_APPLIED,          /* in the chosen subset */
	FIX_SKIP_UNFIXABLE,   /* the rule said why no automatic fix */
	FIX_SKIP_KERNEL,      /* needs a newer kernel than the target */
	FIX_SKIP_CONFLICT,    /* overlaps an earlier chosen fix */
	FIX_SKIP_BAD_EDIT,    /* edit outside the file, in another file, or self-overlapping */
	FIX_SKIP_NOT_ALLOWED, /* left out by the caller (e.g. not confirmed) */
	FIX_SKIP_ELSEWHERE,   /* edits another file: left to a fix_fileset */
};

struct fix_candidate {
	const struct bpf_finding *finding; /* borrowed from the findings */
	enum fix_status check;             /* per-fix checks: FIX_APPLIED if passed */
	enum fix_status status;            /* after selection */
	const struct bpf_finding *winner;  /* FIX_SKIP_CONFLICT: who won */
	unsigned min_kernel;               /* fix.min_kernel and what its needs imply */
};

/* One edit as written to the output: original range, final text. */
struct fix_rendered_edit {
	unsigned offset, length;
	char *text;           /* indented, with the file's line endings */
	long cand;            /* index into cand[], -1 for the definitions block */
};

struct fix_plan {
	char *path;
	char *orig;
	size_t orig_len;
	unsigned declared;        /* enum bpf_need bits the file already has */
	unsigned target_kernel;   /* KVER() */
	struct fix_candidate *cand;
	size_t n_cand;
	unsigned added_needs;     /* definitions the current output adds */
	struct fix_rendered_edit *edits;
	size_t n_edits;
	char *out;                /* the bytes for the chosen subset */
	size_t out_len;
	bool part;                /* one file of a fix_fileset: edits elsewhere are others' */
};

/*
 * Minimum kernel (KVER) for the features a fix's needs bits use:
 * bpf_for/bpf_repeat 6.4, can_loop 6.9, argument tags 6.8.
 */
unsigned fix_needs_min_kernel(unsigned needs);

/*
 * Build the plan for path from its bytes and the findings lint_run gave
 * for exactly those bytes; selects the default subset and renders it.
 * Returns 0 or -ENOMEM. The findings must outlive the plan.
 */
int fix_plan__init(struct fix_plan *p, const char *path, const char *orig,
		   size_t orig_len, const struct bpf_findings *findings,
		   unsigned target_kernel);
/*
 * The same for one file of a set (rewrite/fileset.c): a candidate's edits
 * in other files are left to their own plans; one with none here is
 * FIX_SKIP_ELSEWHERE. (fix_plan__init gives that status to every
 * candidate with an edit outside path.)
 */
int fix_plan__init_part(struct fix_plan *p, const char *path, const char *orig,
			size_t orig_len, const struct bpf_findings *findings,
			unsigned target_kernel);
/*
 * Recompute the chosen subset among the candidates allowed (n_cand
 * bools, NULL = all), resolving conflicts again, then render.
 */
int fix_plan__select(struct fix_plan *p, const bool *allowed);
/* Rebuild out/edits from the candidates marked FIX_APPLIED; 0 or -ENOMEM. */
int fix_plan__render(struct fix_plan *p);
/* A malloc'd copy of the bytes for the subset allowed (confirm/'s renderer). */
char *fix_plan__bytes_for(struct fix_plan *p, const bool *allowed, size_t *len);
/* The same with the plan as a void * cookie (confirm_source.render's shape). */
char *fix_plan__render_cb(void *plan, const bool *allowed, size_t *len);
/* True if the rendered bytes differ from the original. */
bool fix_plan__changed(const struct fix_plan *p);
void fix_plan__free(struct fix_plan *p);

/* "applied", "unfixable", "needs newer kernel", ... */
const char *fix_status_str(enum fix_status st);

#endif
