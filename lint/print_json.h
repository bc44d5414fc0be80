/* SPDX-License-Identifier: GPL-2.0-only */
/* JSON objects for findings, shared by the JSON and SARIF printers (and the LSP). */
#ifndef BPF_LINT_PRINT_JSON_H
#define BPF_LINT_PRINT_JSON_H

#include <jansson.h>
#include "lint/finding.h"

/* {rule, severity, file, range{start,end}, message, notes, fix}; new reference. */
json_t *json_finding(const struct bpf_finding *f);
/* {edits[{file,offset,length,text}], unfixable, needs, min_kernel}; new reference. */
json_t *json_fix(const struct bpf_fix *fix);

#endif
