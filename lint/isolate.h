/* SPDX-License-Identifier: GPL-2.0-only */
/* Run one parse in a forked child with memory and CPU limits (isolate.c). */
#ifndef BPF_LINT_ISOLATE_H
#define BPF_LINT_ISOLATE_H

#include <sys/types.h>
#include "lint/finding.h"
#include "lint/lint.h"

/* The work done in the child: fill out, or return -errno with *err. */
typedef int (*lint_isolated_fn)(void *arg, struct bpf_findings *out, char **err);

/*
 * fn(arg) in a child limited by lim; its findings, rc and *err copied
 * back. A child that dies (signal, limit, crash) gives -ECHILD and one
 * line in *err naming path and the cause.
 */
int lint__run_isolated(const char *path, const struct lint_limits *lim,
		       lint_isolated_fn fn, void *arg, struct bpf_findings *out, char **err);

/*
 * In a child just forked: no fork lock from now on, stderr to /dev/null,
 * no core file, the address space limited to lim->memory_mib (not under
 * ASan).
 */
void lint__forked_child(const struct lint_limits *lim);

/* One line for a child that died with status while parsing path. */
char *lint__death_reason(const char *path, int status, const struct lint_limits *lim);

/*
 * For bench/lint-speed and the tests: with BPF_LINT_CPU_LOG=FILE, append
 * "WHAT PATH" to FILE in one write. Each child's CPU time (user + system,
 * seconds) is logged so, and "pch PATH" for a file parsed with a
 * precompiled header (pch.c).
 */
void lint__log(const char *what, const char *path);

/*
 * Held exclusively around the parent's own libclang calls, and around
 * calls holding a glibc lock fork() does not reset (atexit): no fork meanwhile.
 */
void lint__fork_lock(bool exclusive);
void lint__fork_unlock(void);

/* fork() while no other thread is inside libclang (under the fork lock). */
pid_t lint__fork(void);

#endif
