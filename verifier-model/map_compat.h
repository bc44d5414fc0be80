/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Which maps a helper may take (the kernel's check_map_func_compatibility):
 * special maps are used only through their own helpers, and those helpers
 * take only their own maps.
 */
#ifndef VM_MAP_COMPAT_H
#define VM_MAP_COMPAT_H

#include <stdbool.h>
#include <stdint.h>
#include "verifier-model/object.h"

/* cgrp storage is newer than some uapi headers this builds against */
enum { VM_MAP_CGRP_STORAGE = 32, VM_FUNC_ID_CGRP_STORAGE_GET = 210,
       VM_FUNC_ID_CGRP_STORAGE_DELETE = 211 };

/* Whether program p may pass a map of map_type to helper id. */
bool vm_map_func_ok(const struct vm_prog *p, uint32_t map_type, int id);

#endif
