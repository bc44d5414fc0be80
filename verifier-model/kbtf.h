/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel's own BTF (vmlinux), for BTF-typed pointers: the arguments
 * of fentry/fexit/tp_btf/LSM/iter programs, bpf_get_current_task_btf()'s
 * task, and the fields read through them. Where no kernel BTF can be
 * read (no /sys/kernel/btf/vmlinux), everything here answers "unknown"
 * and the model falls back to untyped scalars.
 */
#ifndef VM_KBTF_H
#define VM_KBTF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "verifier-model/object.h"
#include "verifier-model/state.h"

/*
 * The kernel BTF, read once per process from $BPF_MODEL_KERNEL_BTF or
 * /sys/kernel/btf/vmlinux; NULL if neither can be read.
 */
const struct btf *vm_kbtf(void);
/* The id of the kernel type named name of BTF kind (struct, union, typedef, func), or 0. */
uint32_t vm_kbtf_named(const char *name, int kind);
/* The id of the kernel struct named name, 0 if unknown. */
uint32_t vm_kbtf_struct_id(const char *name);

/*
 * How the kernel types the 8-byte ctx load at off of a BTF-typed program
 * (tracing attach types, LSM): 1 and *d set to a BTF pointer (flags say
 * trusted / maybe-null), 0 when it is a plain scalar or not known.
 */
int vm_kbtf_ctx_arg(const struct vm_prog *prog, int off, struct vm_reg *d);

/*
 * A load of size bytes at off through a pointer to kernel struct btf_id:
 * 1 with *d a BTF pointer when it reads a pointer-to-struct field, 0 for
 * a scalar (or an unknown struct), -1 when off is outside the struct
 * (reason in why).
 */
int vm_kbtf_field(uint32_t btf_id, int off, int size, struct vm_reg *d,
		  char *why, size_t whylen);

/*
 * Whether kernel struct btf_id is struct want, or holds it as its first
 * member (so a pointer to it may be passed as one): 1 or 0; -1 when no
 * kernel BTF is known.
 */
int vm_kbtf_struct_is(uint32_t btf_id, const char *want);
/* The name of kernel type btf_id, "?" if unknown. */
const char *vm_kbtf_name(uint32_t btf_id);

#endif
