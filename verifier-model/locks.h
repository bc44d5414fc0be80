/* SPDX-License-Identifier: GPL-2.0-only */
/* bpf_spin_lock / bpf_timer fields of map values, and the lock a program holds. */
#ifndef VM_LOCKS_H
#define VM_LOCKS_H

#include <stdbool.h>
#include "verifier-model/object.h"

struct vm_env;

/* Byte offset of the struct named name (bpf_spin_lock, bpf_timer) in map's value, or -1. */
int vm_map_field_off(const struct vm_object *obj, int map, const char *name);
/* A load/store of size at off of map's value must not touch its lock or timer. */
int vm_check_special_fields(struct vm_env *env, int map, int off, int size);
/* check_map_prog_compatibility: socket filters and tracing types get no spin locks. */
int vm_check_map_compat(struct vm_env *env, int map);
/* process_spin_lock: regno points at the map value's lock; take or drop it. */
int vm_spin_lock_arg(struct vm_env *env, int regno, bool lock);

#endif
