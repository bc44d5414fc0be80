/* SPDX-License-Identifier: GPL-2.0-only */
/* entry.c: the entry state of a program or global subprogram. */
#ifndef VM_ENTRY_H
#define VM_ENTRY_H

#include <stdbool.h>

struct vm_env;
struct vm_reg;

/*
 * Type a global subprogram's arguments from BTF into regs[1..*nargs]
 * (btf_prepare_func_args). report: reject in the kernel's words on error.
 */
int vm_global_args(struct vm_env *env, int subprog, struct vm_reg *regs, int *nargs,
		   bool report);
/* Set up frame 0 for the program or for a global subprogram. */
int vm_init_entry_state(struct vm_env *env, int subprog);

#endif
