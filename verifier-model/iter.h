/* SPDX-License-Identifier: GPL-2.0-only */
/* iter.c: open-coded iterator kfuncs. */
#ifndef VM_ITER_H
#define VM_ITER_H

struct vm_env;
struct vm_func_sig;

/* An iterator's new, next or destroy kfunc: 0 to go on, negative on rejection. */
int vm_iter_kfunc_call(struct vm_env *env, const struct vm_func_sig *sig);

#endif
