/* SPDX-License-Identifier: GPL-2.0-only */
/* What atomic.c shares with atomic_set.c (not for other users). */
#ifndef BPF_REWRITE_ATOMIC_INTERNAL_H
#define BPF_REWRITE_ATOMIC_INTERNAL_H

#include <stdbool.h>
#include "rewrite/atomic.h"

/* fsync a directory; 0 or -errno. */
int atomic__fsync_dir(const char *dir);
/* DIR/.NAME.bpf-fix-XXXXXX for path (absolute) and DIR, malloc'd; 0 or -ENOMEM. */
int atomic__temp_names(const char *path, char **tmpl, char **dir);
/* Is the file still byte for byte (and stat for stat) what s read? */
bool atomic__unchanged(const struct file_snapshot *s);
/* Read-only by its mode bits or access(2)? */
bool atomic__read_only(const struct file_snapshot *s);
/* Write bytes to the temporary fd, give it s's mode and owner, fsync; 0 or -errno + why. */
int atomic__fill_temp(int fd, const struct file_snapshot *s, const char *bytes,
		      size_t len, char *why, size_t whylen);

#endif
