/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * bpf-fix's confirm stage: between planning the fixes and writing them,
 * compile the original and the candidates and keep only the fixes the
 * chosen verifier (model, kernel or both) confirms.
 */
#ifndef BPF_REWRITE_VERIFY_STAGE_H
#define BPF_REWRITE_VERIFY_STAGE_H

#include <stdio.h>
#include "lint/lint.h"
#include "rewrite/plan.h"

enum fix_verify {
	FIX_VERIFY_MODEL,     /* default: runs anywhere, no privileges */
	FIX_VERIFY_KERNEL,    /* the target kernel's verifier: bpf() or its VM */
	FIX_VERIFY_BOTH,      /* kept only if both confirm */
	FIX_VERIFY_NONE,      /* apply what the rules propose, unmeasured */
};

/* Totals over a run, for the closing summary. */
struct verify_totals {
	unsigned files_changed;
	unsigned fixes_kept, fixes_dropped;
	long insns_before, insns_after;
	unsigned programs;
};

/* Parse "model|kernel|both|none"; -1 if unknown. */
int fix_verify_parse(const char *s);
/*
 * Refuse --verify=kernel|both up front when target's verifier cannot run:
 * bpf() for the running kernel (target 0 or the running release), the
 * release's VM otherwise (qemu, its image). Prints why; 0 or 2.
 */
int verify_stage__check(enum fix_verify mode, unsigned target);

/*
 * Confirm plan's candidates (the file at path, shown as shown) and select
 * the kept subset into plan; prints the per-program table and every
 * dropped fix to out. Returns 0, or 2 when the original does not
 * compile or a verifier cannot run (then nothing is kept).
 */
int verify_stage__run(struct fix_plan *plan, const char *path,
		      const char *shown, const struct lint_options *opt,
		      enum fix_verify mode, FILE *out,
		      struct verify_totals *tot);
/* "N files changed, N fixes kept, N dropped; processed insns A -> B". */
void verify_totals__print(const struct verify_totals *t, FILE *out);

#endif
