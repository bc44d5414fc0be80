/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel's own BTF (vmlinux), read once per process and indexed by
 * name: the loader relocates CO-RE against it, kbtf_types.c types
 * pointers with it. Where none can be read (no /sys/kernel/btf/vmlinux),
 * lookups answer 0.
 */
#ifndef VM_KBTF_H
#define VM_KBTF_H

#include <stdbool.h>
#include <stdint.h>

struct btf;

/*
 * The kernel BTF, read once per process from $BPF_MODEL_KERNEL_BTF or
 * /sys/kernel/btf/vmlinux; NULL if neither can be read.
 */
const struct btf *vm_kbtf(void);
/* The id of the kernel type named name of BTF kind (struct, union, typedef, func), or 0. */
uint32_t vm_kbtf_named(const char *name, int kind);
/* The id of the kernel struct named name, 0 if unknown. */
uint32_t vm_kbtf_struct_id(const char *name);
/* The type id of the kernel variable name (a typed __ksym), 0 if unknown; *percpu whether it is per-CPU. */
uint32_t vm_kbtf_ksym(const char *name, bool *percpu);

#endif
