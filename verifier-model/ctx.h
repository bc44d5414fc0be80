/* SPDX-License-Identifier: GPL-2.0-only */
/* Context accesses: which fields of each program type's ctx may be read or written. */
#ifndef VM_CTX_H
#define VM_CTX_H

#include <stdbool.h>

struct vm_env;

/*
 * Check a load (dst >= 0: the destination register; sx: sign-extending)
 * or store of size bytes at off from the ctx pointer in regno, and type
 * the loaded value. 0 or -errno with the kernel's message in env's log.
 */
int vm_check_ctx_access(struct vm_env *env, int regno, int off, int size, bool write,
			int dst, bool sx);
/* __check_ptr_off_reg of the ctx pointer in regno: loads and helper arguments alike. */
int vm_check_ctx_ptr_off(struct vm_env *env, int regno);
/* Whether a socket of the given register type may be read at off/size. */
bool vm_sock_field_ok(int type, int off, int size);

#endif
