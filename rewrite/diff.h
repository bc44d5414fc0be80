/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Unified diffs through libgit2's diff engine, in the form `git apply`
 * and `patch -p1` take (--- a/P, +++ b/P).
 */
#ifndef BPF_REWRITE_DIFF_H
#define BPF_REWRITE_DIFF_H

#include <stddef.h>

/*
 * The name a diff shows for path: the file's real path (symlinks
 * resolved) relative to the current directory when under it, else the
 * real path without its leading '/'. Malloc'd, NULL on error.
 */
char *diff_display_path(const char *path);

/*
 * The unified diff (3 lines of context) turning old into new for the
 * file shown as name; "" when identical. Bytes are diffed as text
 * whatever they hold. 0 with *out malloc'd, or a negative errno.
 */
int diff_unified(const char *name, const char *old, size_t old_len,
		 const char *new_text, size_t new_len, char **out, size_t *out_len);

#endif
