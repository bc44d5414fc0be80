/* SPDX-License-Identifier: GPL-2.0-only */
/* trace.c: VM_MODEL_TRACE debugging output. */
#ifndef VM_TRACE_H
#define VM_TRACE_H

#include <stdbool.h>

struct vm_env;
struct vm_state;

/* VM_MODEL_TRACE debugging output. */
extern bool vm_trace_enabled;  /* VM_MODEL_TRACE was set at start */
/* True when the model should print its walk (VM_MODEL_TRACE). */
static inline bool vm_trace_on(void) { return vm_trace_enabled; }
void vm_trace_state(struct vm_env *env, int idx, const char *what);
/* Print state st (a checkpoint, or the current one) at insn idx. */
void vm_trace_one(const struct vm_state *st, int idx, const char *what);

#endif
