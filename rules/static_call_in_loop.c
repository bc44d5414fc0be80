/* SPDX-License-Identifier: GPL-2.0-only */
/* static-call-in-loop: being written (detector not implemented yet). */
#include "rules/rule.h"
#include "lint/lint_ctx.h"

static void check(struct lint_ctx *ctx)
{
	(void)ctx;
}

const struct bpf_rule rule_static_call_in_loop = {
	.id = "static-call-in-loop",
	.summary = "(being written)",
	.explanation = "(being written)",
	.severity = BPF_SEV_WARNING,
	.enabled_by_default = true,
	.check = check,
};
