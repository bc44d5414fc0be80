/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * --export-fixes: the chosen edits in clang-tidy's export format (one
 * YAML document: MainSourceFile, Diagnostics with Replacements), so that
 * clang-apply-replacements applies exactly what bpf-fix would write.
 */
#ifndef BPF_REWRITE_EXPORT_H
#define BPF_REWRITE_EXPORT_H

#include <stddef.h>
#include "rewrite/plan.h"

/*
 * Write the applied fixes of the n plans (paths should be absolute) to
 * out_path, one diagnostic per fix plus one for added definitions;
 * build_dir is recorded as each diagnostic's BuildDirectory.
 * 0 or a negative errno.
 */
int export_fixes_write(const char *out_path, struct fix_plan *const *plans,
		       size_t n, const char *build_dir);

#endif
