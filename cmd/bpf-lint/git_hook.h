/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * bpf-lint --install-git-hook: a pre-commit hook, for repositories without
 * the pre-commit framework, that lints the staged *.bpf.c files.
 */
#ifndef BPF_LINT_GIT_HOOK_H
#define BPF_LINT_GIT_HOOK_H

#include "lint/lint.h"

/* The marker line that tells a hook bpf-lint wrote (and may replace). */
#define GIT_HOOK_MARKER "# bpf-lint-git-hook: installed by bpf-lint --install-git-hook"

/*
 * The hook script running the bpf-lint at lint with opt's -p, --config,
 * --rules, --header-filter, --target-kernel and clang args; malloc'd.
 */
char *git_hook_script(const char *lint, const struct lint_options *opt);

/*
 * Write the pre-commit hook of the repository around the current directory
 * (temp file + rename, mode 0755). Returns 0 with its path in *where, or a
 * negative errno with a one-line reason in *err (both malloc'd).
 */
int git_hook_install(const struct lint_options *opt, char **where, char **err);

#endif
