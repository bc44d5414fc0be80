/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Global variable presets, as veristat's -G takes them: "name = value"
 * where name is a variable of .rodata, .data or .bss, optionally
 * followed by array indexes and field names (cfg.ports[2].proto), and
 * value an integer or an enumerator name. Applied to an object's
 * global-data maps before verifying, by both backends.
 */
#ifndef VM_GLOBALS_H
#define VM_GLOBALS_H

#include <stddef.h>

struct vm_object;
struct vm_preset;

struct vm_globals {
	struct vm_preset *p;
	size_t n;
};

/*
 * Add "name = value", or every such line of file FILE for "@FILE" (blank
 * lines and lines starting with '#' skipped). 0, or -EINVAL with a
 * one-line reason in err.
 */
int vm_globals__add(struct vm_globals *g, const char *expr, char *err,
		    size_t errlen);
/*
 * Write every preset into obj's global-data maps (owned copies; the
 * kernel backend loads them). 0, or -errno with a one-line reason when a
 * name is not found, an index is out of bounds, a type is not an integer
 * or enum, or the value does not fit.
 */
int vm_globals__apply(const struct vm_globals *g, struct vm_object *obj,
		      char *err, size_t errlen);
void vm_globals__free(struct vm_globals *g);

#endif
