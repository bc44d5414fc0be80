/* SPDX-License-Identifier: GPL-2.0-only */
/* Program types the object reader and the kernel backend infer (sectype.c). */
#ifndef VM_SECTYPE_H
#define VM_SECTYPE_H

#include <stdbool.h>

struct btf;

/*
 * veristat's guess of a program type from the type name of function
 * func's context argument (struct xdp_md -> xdp, ...). True and *type,
 * *attach when the name is known; *ctx gets the name (or NULL) either way.
 */
bool vm_guess_type_by_ctx(const struct btf *btf, const char *func,
			  unsigned *type, unsigned *attach, const char **ctx);

#endif
