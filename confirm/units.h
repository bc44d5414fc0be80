/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One trial of a candidate subset: its compile jobs (one, or one per unit
 * for fixes over several files) and their verification into a single
 * measurement. Internal to confirm/.
 */
#ifndef CONFIRM_UNITS_H
#define CONFIRM_UNITS_H

#include "confirm/confirm.h"

struct trial {
	struct compile_job *jobs;     /* one per unit (one for a single file) */
	size_t n;
	char **logs;                  /* a job that failed to start: why */
};

/* Render chosen and start compiling it; 0 or -errno (nothing runs). */
int trial__start(struct trial *t, const struct confirm_source *src, const bool *chosen,
		 struct compile_dir *dir);
/* Is a started trial still to be finished? */
bool trial__running(const struct trial *t);
/* Wait, verify every unit's programs into *m (judged against ref); 0 or -errno. */
int trial__finish(struct trial *t, const struct confirm_source *src,
		  const struct vm_backend *be, const struct vm_options *opt,
		  const struct measurement *ref, struct measurement *m);
/* Stop a trial whose result is no longer wanted. */
void trial__cancel(struct trial *t);
/* The rendering of chosen as one comparable blob (malloc'd). */
char *trial__render_blob(const struct confirm_source *src, const bool *chosen, size_t *len);

#endif
