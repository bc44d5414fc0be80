/* SPDX-License-Identifier: GPL-2.0-only */
/* The table of rules, built from rules/rules.def (adding a rule: see there). */
#include <string.h>
#include "rules/rule.h"

const struct bpf_rule *const bpf_rules[] = {
#define RULE(name) &rule_##name,
#include "rules/rules.def"
#undef RULE
};

const unsigned bpf_rules_count = sizeof(bpf_rules) / sizeof(bpf_rules[0]);

const struct bpf_rule *rule_by_id(const char *id)
{
	for (unsigned i = 0; i < bpf_rules_count; i++)
		if (strcmp(bpf_rules[i]->id, id) == 0)
			return bpf_rules[i];
	return NULL;
}
