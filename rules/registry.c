/* SPDX-License-Identifier: GPL-2.0-only */
/* The one table of rules. Adding a rule: its file, one line here, its testdata. */
#include <string.h>
#include "rules/rule.h"

extern const struct bpf_rule rule_always_inline;
extern const struct bpf_rule rule_pragma_unroll;
extern const struct bpf_rule rule_static_call_in_loop;
extern const struct bpf_rule rule_bounded_loop;
extern const struct bpf_rule rule_repeat_index;
extern const struct bpf_rule rule_can_loop_index;
extern const struct bpf_rule rule_current_task;
extern const struct bpf_rule rule_probe_read;
extern const struct bpf_rule rule_untyped_map;
extern const struct bpf_rule rule_perf_buffer;
extern const struct bpf_rule rule_global_func_signature;
extern const struct bpf_rule rule_unstable_attach;
extern const struct bpf_rule rule_bpf_loop_callback;
extern const struct bpf_rule rule_core_read_chain;
extern const struct bpf_rule rule_stack_budget;

const struct bpf_rule *const bpf_rules[] = {
	&rule_always_inline,
	&rule_pragma_unroll,
	&rule_static_call_in_loop,
	&rule_bounded_loop,
	&rule_repeat_index,
	&rule_can_loop_index,
	&rule_current_task,
	&rule_probe_read,
	&rule_untyped_map,
	&rule_perf_buffer,
	&rule_global_func_signature,
	&rule_unstable_attach,
	&rule_bpf_loop_callback,
	&rule_core_read_chain,
	&rule_stack_budget,
};

const unsigned bpf_rules_count = sizeof(bpf_rules) / sizeof(bpf_rules[0]);

const struct bpf_rule *rule_by_id(const char *id)
{
	for (unsigned i = 0; i < bpf_rules_count; i++)
		if (strcmp(bpf_rules[i]->id, id) == 0)
			return bpf_rules[i];
	return NULL;
}
