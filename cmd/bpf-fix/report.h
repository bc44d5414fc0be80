/* SPDX-License-Identifier: GPL-2.0-only */
/* What bpf-fix tells the user about fixes it did not make. */
#ifndef BPF_REWRITE_REPORT_H
#define BPF_REWRITE_REPORT_H

#include <stdio.h>
#include "rewrite/plan.h"

/*
 * One "FILE:L:C: note: [rule] fix not applied: why" line per skipped fix;
 * one in an included file is said once per run, however many units find it.
 */
void report_skipped(FILE *out, const char *shown_path, const struct fix_plan *p);
/* The count of candidates with FIX_APPLIED. */
size_t report_applied_count(const struct fix_plan *p);

#endif
