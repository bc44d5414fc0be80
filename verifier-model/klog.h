/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Reading the kernel verifier's log: the stats lines, the rejection
 * reason, and per-instruction processed counts from a level-2 log.
 */
#ifndef VM_KLOG_H
#define VM_KLOG_H

#include <stdbool.h>
#include <stddef.h>

struct vm_klog_stats {
	bool have_processed;       /* the "processed N insns" line was found */
	long insns, max_states_per_insn, total_states, peak_states, mark_read;
	long duration_us;          /* "verification time N usec", -1 if absent */
	char stack_depth[128];     /* "stack depth A+B", "" if absent */
};

/* Parse the last stats lines of log into *st; 0, or -ENOENT if none. */
int vm_klog__parse_stats(const char *log, struct vm_klog_stats *st);
/* The kernel's reason for a rejection: the last meaningful line before
 * the stats ("" if none). */
void vm_klog__reason(const char *log, char *buf, size_t len);
/*
 * Count processed instructions per insn index from a level-2 log:
 * "N: (op) ..." records, "N: safe" and "from A to B: safe" prunes count
 * once each, and so does the insn of "infinite loop detected at insn N"
 * (processed, then refused unprinted). The 1,000,001st insn of a program
 * that is too large is never printed: there the sum is processed - 1.
 * *counts (malloc'd, *n entries) on success; returns the sum, or -errno.
 */
long vm_klog__insn_counts(const char *log, long **counts, size_t *n);

#endif
