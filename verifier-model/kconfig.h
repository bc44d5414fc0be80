/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kconfig.h: the .kconfig map of an object: where libbpf places each
 * kconfig extern (the loader's business) and the bytes it stores there
 * at load time (the model's, from the running kernel).
 */
#ifndef VM_KCONFIG_H
#define VM_KCONFIG_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct btf;
struct btf_type;
struct vm_object;

struct vm_kconfig_var {
	const char *name;          /* "" for an entry that is not a usable VAR */
	const struct btf_type *t;  /* the VAR, NULL for such an entry */
	long long size, align, off;
};

/* The .kconfig externs in libbpf's order (alignment down, size up, name)
 * with their offsets, in *vars (malloc'd, *n entries); returns the map's
 * value size rounded to 8, or -1 when there is no .kconfig or no memory. */
long vm_kconfig_layout(const struct btf *btf, struct vm_kconfig_var **vars, int *n);

/* The .kconfig map's bytes as libbpf would fill them (malloc'd), or NULL. */
uint8_t *vm_kconfig_values(const struct vm_object *obj, size_t size);

/* True when the running kernel has no symbol name (a __ksym that will not resolve). */
bool vm_ksym_missing(const char *name);

#endif
