/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Findings and fixes as plain data: what the rules produce, what the
 * printers print and what rewrite/ applies. Nothing here knows libclang.
 */
#ifndef BPF_LINT_FINDING_H
#define BPF_LINT_FINDING_H

#include <stdbool.h>
#include <stddef.h>

enum bpf_severity {
	BPF_SEV_NOTE,
	BPF_SEV_WARNING,
	BPF_SEV_ERROR,
};

#include "common/kernel_release.h"	/* KVER(), the release of each feature */

/*
 * Definitions a fix may rely on that the file might not have yet
 * (libbpf 1.1 lacks most of them). rewrite/ adds the missing ones once
 * per file, guarded by #ifndef.
 */
enum bpf_need {
	BPF_NEED_BPF_FOR     = 1u << 0, /* bpf_for() + bpf_iter_num_* kfunc decls */
	BPF_NEED_BPF_REPEAT  = 1u << 1, /* bpf_repeat() */
	BPF_NEED_CAN_LOOP    = 1u << 2, /* can_loop (may_goto) */
	BPF_NEED_ZERO        = 1u << 3, /* a global `zero` the verifier cannot know */
	BPF_NEED_BARRIER_VAR = 1u << 4, /* barrier_var() */
	BPF_NEED_NOINLINE    = 1u << 5, /* __noinline */
	BPF_NEED_ARG_TAGS    = 1u << 6, /* __arg_ctx, __arg_nonnull, ... (6.8+) */
	/* What bpf_for/bpf_repeat rely on; rewrite/ adds them with either. */
	BPF_NEED_ITER_KFUNCS = 1u << 7, /* bpf_iter_num_new/next/destroy declared */
	BPF_NEED_ITER_STRUCT = 1u << 8, /* struct bpf_iter_num defined */
};

/* Replace [offset, offset + length) of file with text (byte offsets). */
struct bpf_edit {
	char *file;
	unsigned offset;
	unsigned length;
	char *text;
};

struct bpf_fix {
	struct bpf_edit *edits;
	size_t n_edits;
	unsigned needs;          /* enum bpf_need bits the edited code uses */
	unsigned min_kernel;     /* KVER() the fixed code needs, 0 = any */
	char *unfixable;         /* set: why no automatic fix is offered */
};

struct bpf_finding {
	const char *rule;        /* rule id, static storage */
	enum bpf_severity severity;
	char *file;
	unsigned line, col;          /* 1-based, of the primary location */
	unsigned end_line, end_col;  /* end of the highlighted range */
	unsigned offset, end_offset; /* byte offsets of that range in file */
	char *message;
	char **notes;
	size_t n_notes;
	struct bpf_fix fix;
	long cost;               /* processed insns attributed, -1 = unknown */
	/* Lines whose processed insns this finding accounts for (--cost). */
	unsigned scope_line, scope_end_line;
};

struct bpf_findings {
	struct bpf_finding *v;
	size_t n, cap;
	unsigned declared;       /* enum bpf_need bits the parsed TU already has */
	unsigned target_kernel;  /* KVER() lint_run used (option, config, uname); 0 = unset */
	char **includes;         /* real paths of the reported files the unit includes */
	size_t n_includes;
	/* absolute names other than those real paths (a symlink between) it includes them by */
	char **include_aliases;
	size_t n_include_aliases;
};

/* Append a zeroed finding (cost = -1) and return it; NULL on ENOMEM. */
struct bpf_finding *findings_add(struct bpf_findings *list);
/* printf-style note appended to f; returns 0 or -ENOMEM. */
int finding_add_note(struct bpf_finding *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Append an edit to f's fix (copies file and text); 0 or -ENOMEM. */
int fix_add_edit(struct bpf_fix *fix, const char *file, unsigned offset,
		 unsigned length, const char *text);
/* Mark the fix as not automatic, with a printf-style reason. */
int fix_set_unfixable(struct bpf_fix *fix, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Sort by file, offset, rule: the stable order every printer uses. */
void findings_sort(struct bpf_findings *list);
void findings_free(struct bpf_findings *list);
/*
 * Move unit's findings outside unit_path (its main file) to held, once
 * each: a finding held already (same rule, file, offset) only gets
 * unit_path added to its last note, "this file is included by A, B".
 * lint/shared.c; 0 or -ENOMEM (then some notes lack a name).
 */
int findings_hold_shared(struct bpf_findings *held, struct bpf_findings *unit,
			 const char *unit_path);

const char *severity_name(enum bpf_severity sev);

#endif
