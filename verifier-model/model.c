/* SPDX-License-Identifier: GPL-2.0-only */
/* model.c: being written; until then the model backend refuses to run. */
#include <stdio.h>
#include <string.h>
#include "verifier-model/result.h"

static int model_verify(const struct vm_object *obj, size_t prog_idx,
			const struct vm_options *opt, struct vm_result *res)
{
	(void)opt;
	memset(res, 0, sizeof(*res));
	snprintf(res->prog, sizeof(res->prog), "%s", obj->progs[prog_idx].name);
	res->verdict = VM_LOAD_ERROR;
	snprintf(res->reason, sizeof(res->reason), "model not available yet");
	return 0;
}

const struct vm_backend vm_model_backend = { "model", model_verify };
