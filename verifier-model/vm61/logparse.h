/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Reading a verifier log printed at log level 4 (BPF_LOG_STATS): the
 * statistics lines the kernel appends and the reason for a rejection.
 * Used by the in-VM loader; pure string work, testable on the host.
 */
#ifndef VM61_LOGPARSE_H
#define VM61_LOGPARSE_H

#include <stdbool.h>

struct vm61_log_stats {
	bool seen_log;             /* the kernel wrote anything at all */
	long insns;                /* "processed N insns", -1 if absent */
	long total_states, peak_states, max_states_per_insn;
	long duration_us;          /* "verification time N usec" */
	char stack_depth[128];     /* "8+16", "" if absent */
	char reason[256];          /* last meaningful line before the stats */
};

/* Fill st from the NUL-terminated log (which is not modified). */
void vm61_log__parse(const char *log, struct vm61_log_stats *st);

#endif
