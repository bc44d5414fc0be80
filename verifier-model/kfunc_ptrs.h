/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kfuncs that take and return kernel objects by BTF pointer (tasks,
 * cgroups, cpumasks): which program types may call them, their
 * trusted-pointer arguments, and the references they acquire and release
 * (the kernel's check_kfunc_call for KF_ACQUIRE / KF_RELEASE / KF_RET_NULL
 * / KF_TRUSTED_ARGS / KF_RCU kfuncs).
 */
#ifndef VM_KFUNC_PTRS_H
#define VM_KFUNC_PTRS_H

#include "verifier-model/env.h"
#include "verifier-model/helpers.h"

/* The call of such a kfunc, sig from the table. 0 or -EACCES (rejected). */
int vm_kfunc_ptr_call(struct vm_env *env, const struct vm_func_sig *sig);

#endif
