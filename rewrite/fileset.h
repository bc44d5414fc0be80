/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Fixes that edit files other than the unit they were found in (a project
 * header, an included .bpf.c piece), over every file they touch: one
 * fix_plan per file, one choice for all of them, so that a fix is applied
 * in all its files or in none. Candidates are indexed as in files[0].
 */
#ifndef BPF_REWRITE_FILESET_H
#define BPF_REWRITE_FILESET_H

#include "rewrite/plan.h"

struct fix_fileset {
	struct bpf_findings cands;    /* the candidates (shallow copies, deduplicated) */
	struct fix_plan *files;       /* one plan per edited file */
	size_t n_files;
};

/*
 * Add finding f (a fix with an edit outside its unit) as a candidate,
 * unless an identical fix (rule and edits) is one already. Borrowed: f
 * must outlive the set. 0 or -ENOMEM.
 */
int fix_fileset__add(struct fix_fileset *s, const struct bpf_finding *f);
/* The distinct files the candidates edit, as given in their edits (malloc'd array, borrowed names). */
const char **fix_fileset__paths(const struct fix_fileset *s, size_t *n);
/*
 * Plan file i (path, its bytes as read) of the set, after every candidate
 * was added; call for each path of fix_fileset__paths in turn. 0 or -ENOMEM.
 */
int fix_fileset__plan(struct fix_fileset *s, const char *path, const char *orig,
		      size_t len, unsigned declared, unsigned target_kernel);
/* Number of candidates (the index space of allowed[]). */
size_t fix_fileset__n_cand(const struct fix_fileset *s);
/*
 * Choose among the candidates allowed (NULL: all) in every file at once:
 * a candidate losing to an overlapping fix in one file is left out of all.
 */
int fix_fileset__select(struct fix_fileset *s, const bool *allowed);
/* Is candidate i applied (in every file it edits)? */
bool fix_fileset__applied(const struct fix_fileset *s, size_t i);
bool fix_fileset__changed(const struct fix_fileset *s);
void fix_fileset__free(struct fix_fileset *s);

#endif
