/* SPDX-License-Identifier: GPL-2.0-only */
/* Helpers shared by scalar.c, scalar_alu.c and scalar_branch.c only. */
#ifndef VM_SCALAR_INTERNAL_H
#define VM_SCALAR_INTERNAL_H

#include "verifier-model/scalar.h"

/* __update_reg_bounds: tighten all bounds with the known bits. */
void scalar_bounds_from_tnum(struct vm_scalar *s);
void scalar_mark_unbounded64(struct vm_scalar *s);
void scalar_mark_unbounded32(struct vm_scalar *s);

#endif
