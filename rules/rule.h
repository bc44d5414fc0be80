/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A rule: its id, its documentation and its detector, in one file under
 * rules/, listed once in rules/rules.def. Rules see the translation
 * unit only through lint/lint_ctx.h and produce findings as data.
 */
#ifndef BPF_LINT_RULE_H
#define BPF_LINT_RULE_H

#include <stdbool.h>
#include "lint/finding.h"

struct lint_ctx;

/*
 * A fix that needs a newer kernel than some targets have: a finding whose
 * fix.min_kernel is `kernel` gets no edits on an older target and says
 * "WHAT needs Linux X.Y; the target is A.B: INSTEAD" (lint/target.c).
 */
struct rule_fix_kernel {
	unsigned kernel;         /* KVER() */
	const char *what;        /* "bpf_for" */
	const char *instead;     /* what the older kernel can do, or NULL */
};

struct bpf_rule {
	const char *id;          /* stable: used in [brackets], NOLINT, config */
	const char *summary;     /* one line, for --list-rules and the README */
	const char *explanation; /* long form with a before/after example */
	enum bpf_severity severity;
	bool enabled_by_default;
	unsigned min_kernel;     /* KVER() the preferred fix needs, 0 = any */
	/* Every fix.min_kernel the rule sets, {0}-terminated; NULL if none. */
	const struct rule_fix_kernel *fix_kernels;
	/*
	 * The fix exists to lower the verifier's cost: bpf-fix keeps it only
	 * where it measurably does. Other fixes (API hygiene) are kept when
	 * they cost nothing more and every program stays accepted.
	 */
	bool fix_lowers_cost;
	/*
	 * What --cost's note says the finding's lines account for ("this
	 * loop accounts", "this function accounts"); NULL: "these lines".
	 */
	const char *cost_scope;
	/*
	 * An integer setting of the rule, 1..1000000, read from the
	 * .bpf-lint.yaml key "<id>-<option>" (e.g. "<id>-threshold: 32");
	 * NULL: none. lint_rule_option() gives its value.
	 */
	const char *option;
	unsigned option_default;
	/* Walk the unit and report through lint_report(); never prints. */
	void (*check)(struct lint_ctx *ctx);
};

extern const struct bpf_rule *const bpf_rules[];
extern const unsigned bpf_rules_count;

/* Each rule's definition, in its own file, checked against this declaration. */
#define RULE(name) extern const struct bpf_rule rule_##name;
#include "rules/rules.def"
#undef RULE

/* The rule with this id, or NULL. */
const struct bpf_rule *rule_by_id(const char *id);

#endif
