/* SPDX-License-Identifier: GPL-2.0-only */
/* vmlinux.h parsed once per run into a precompiled header (pch.c). */
#ifndef BPF_LINT_PCH_H
#define BPF_LINT_PCH_H

#include <limits.h>
#include <sys/types.h>
#include <time.h>
#include "lint/lint.h"

struct lint_pch {
	const char *pch;         /* the precompiled header's file */
	char header[PATH_MAX];   /* the header it holds, real path */
	struct timespec mtime;   /* the header's, when built */
	off_t size;
	unsigned declared;       /* ctx__declared_scan() of the header */
};

/*
 * The PCH to parse path with (opt->shared_pch, path's first directive an
 * include of a vmlinux*.h), built by the first caller of a key while the
 * others wait; NULL: parse from source. Valid until the process exits.
 */
const struct lint_pch *lint__pch_find(const char *path, const struct lint_options *opt);

#endif
