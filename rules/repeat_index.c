/* SPDX-License-Identifier: GPL-2.0-only */
/* repeat-index: being written (detector not implemented yet). */
#include "rules/rule.h"
#include "lint/lint_ctx.h"

static void check(struct lint_ctx *ctx)
{
	(void)ctx;
}

const struct bpf_rule rule_repeat_index = {
	.id = "repeat-index",
	.summary = "(being written)",
	.explanation = "(being written)",
	.severity = BPF_SEV_WARNING,
	.enabled_by_default = true,
	.check = check,
};
