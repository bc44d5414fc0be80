/* SPDX-License-Identifier: GPL-2.0-only */
/* Shared by both backends: result lifetime, verdict names, per-line counts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "verifier-model/result.h"

void vm_backend__verify(const struct vm_backend *be, const struct vm_object *obj,
			size_t prog_idx, const struct vm_options *opt,
			struct vm_result *res)
{
	memset(res, 0, sizeof(*res));
	if (be->verify(obj, prog_idx, opt, res)) {
		res->verdict = VM_LOAD_ERROR;
		snprintf(res->reason, sizeof(res->reason), "%s backend failed", be->name);
	}
}

void vm_result__for_each_line(const struct vm_result *res, const struct vm_prog *prog,
			      void (*add)(void *arg, const struct vm_line *line, long n),
			      void *arg)
{
	for (size_t i = 0; i < res->n_insn_counts; i++)
		if (res->insn_counts[i])
			add(arg, i < prog->n_insns ? vm_prog__line_at(prog, i) : NULL,
			    res->insn_counts[i]);
}

void vm_result__free(struct vm_result *res)
{
	if (!res)
		return;
	free(res->insn_counts);
	res->insn_counts = NULL;
	res->n_insn_counts = 0;
}

const char *vm_verdict_name(enum vm_verdict v)
{
	switch (v) {
	case VM_ACCEPTED: return "success";
	case VM_REJECTED: return "failure";
	case VM_MODEL_LIMIT: return "model-limit";
	case VM_LOAD_ERROR: return "error";
	}
	return "?";
}
