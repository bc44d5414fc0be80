/* SPDX-License-Identifier: GPL-2.0-only */
/* btf_access.c: loads through BTF pointers and map pointers. */
#ifndef VM_BTF_ACCESS_H
#define VM_BTF_ACCESS_H

#include <stdbool.h>

struct vm_env;
struct vm_reg;

/* Read size bytes at reg's BTF type + off into dst (-1: none); a pointer field stays typed. */
int vm_btf_access(struct vm_env *env, const struct vm_reg *reg, int off, int size, int dst,
		  bool sx);
/* A map pointer reading its struct bpf_map (privileged programs); writes are refused. */
int vm_map_ptr_access(struct vm_env *env, int regno, const struct vm_reg *reg, int off,
		      int size, bool write, int dst, bool sx);

#endif
