/* SPDX-License-Identifier: GPL-2.0-only */
/* Shared by both backends: result lifetime and verdict names. */
#include <stdlib.h>
#include "verifier-model/result.h"

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
