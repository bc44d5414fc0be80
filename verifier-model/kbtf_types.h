/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * BTF-typed pointers (kbtf_types.c): the arguments of fentry/fexit/tp_btf/
 * LSM/iter programs, bpf_get_current_task_btf()'s task, and the fields
 * read through them, typed from the kernel BTF (kbtf.h). Without kernel
 * BTF everything here answers "unknown" and the model falls back to
 * untyped scalars.
 */
#ifndef VM_KBTF_TYPES_H
#define VM_KBTF_TYPES_H

#include <stddef.h>
#include <stdint.h>
#include "verifier-model/object.h"
#include "verifier-model/state.h"

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
 * (reason in why). *field (may be NULL) is the pointer member's name.
 */
int vm_kbtf_field(uint32_t btf_id, int off, int size, struct vm_reg *d,
		  const char **field, char *why, size_t whylen);
/*
 * btf_nested_type_is_trusted: does the kernel's BTF list field of struct
 * btf_id in its type "<struct><suffix>" (BTF_TYPE_SAFE_TRUSTED and kin,
 * suffix "__safe_trusted" or "__safe_trusted_or_null")? 1 or 0.
 */
int vm_kbtf_safe_field(uint32_t btf_id, const char *field, const char *suffix);

/*
 * Whether kernel struct btf_id is struct want, or holds it as its first
 * member (so a pointer to it may be passed as one): 1 or 0; -1 when no
 * kernel BTF is known.
 */
int vm_kbtf_struct_is(uint32_t btf_id, const char *want);
/* The name of kernel type btf_id, "?" if unknown. */
const char *vm_kbtf_name(uint32_t btf_id);
/*
 * *d as a pointer to kernel type type_id that the verifier does not trust
 * (a ksym, RET_PTR_TO_MEM_OR_BTF_ID): PTR_TO_BTF_ID with flags for a
 * struct or union, else read-only memory of the type's size (flags kept).
 */
void vm_kbtf_mem_or_btf(uint32_t type_id, uint8_t flags, struct vm_reg *d);

#endif
