/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Objects compiled earlier in the run, reused when a compile would read
 * the same bytes: the same compiler, flags, directory, file name and
 * text, and every file the compiler read for it (its -MD list) unchanged,
 * as the compile's overlay shows it. A header fix is measured in every
 * unit that includes the header, once per trial: a unit that does not
 * include the file a trial changes, or one the file's own fixes already
 * compiled, is not compiled again. Off until enabled (bpf-fix).
 */
#ifndef CONFIRM_COMPILE_CACHE_H
#define CONFIRM_COMPILE_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include "confirm/compile.h"

/* Reuse objects in every later compile of this process (or stop). */
void compile_cache__enable(bool on);
/* Compiles run and objects reused so far (for tests and benches). */
void compile_cache__counts(unsigned long *compiled, unsigned long *reused);

/*
 * What identifies a compile before it runs; NULL when the cache is off,
 * or for a compile it does not serve (one linked with others).
 */
struct compile_cache_key *compile_cache_key__new(const struct compile_opts *cc,
						 const char *orig_path,
						 const char *text, size_t len);
void compile_cache_key__free(struct compile_cache_key *k);
/* Write the object of an earlier compile of k into obj_path: 0, or -ENOENT. */
int compile_cache__get(const struct compile_cache_key *k, const struct compile_opts *cc,
		       const char *obj_path);
/*
 * Keep obj_path's bytes for k (taken), with the files dep_path (the
 * compiler's -MD output, the compiled copy of the source first) lists.
 */
void compile_cache__put(struct compile_cache_key *k, const char *obj_path,
			const char *dep_path);

#endif
