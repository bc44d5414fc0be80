/* SPDX-License-Identifier: GPL-2.0-only */
/* The run's compile database, read once and kept (compile_db.c). */
#ifndef BPF_LINT_COMPILE_DB_H
#define BPF_LINT_COMPILE_DB_H

#include <stdbool.h>
#include <clang-c/CXCompilationDatabase.h>

/*
 * DIR's database (compile_commands.json), NULL if it has none. The same
 * handle until the file changes on disk; the caller holds the fork lock
 * (lint/isolate.h) and does not dispose of it.
 */
CXCompilationDatabase lint__db_get(const char *dir);

/*
 * Read DIR's database in this process (taking the fork lock), so that the
 * parse children forked from it inherit it instead of each reading it.
 */
void lint__db_warm(const char *dir);

/*
 * Does DIR's database list the file at absolute path abs itself (not a
 * neighbour's command libclang interpolates)? Under the fork lock.
 */
bool lint__db_lists(const char *dir, const char *abs);

#endif
