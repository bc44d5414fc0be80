/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fastcall.h: bpf_fastcall spill/fill patterns (6.12+). Around a call of
 * bpf_get_smp_processor_id (or, 6.13+, bpf_cast_to_kern_ctx and
 * bpf_rdonly_cast) the compiler may spill and fill registers the call
 * does not clobber; the kernel inlines the call, drops the pair, and no
 * longer counts their stack in the subprogram's depth, unless another
 * access touches that area.
 */
#ifndef VM_FASTCALL_H
#define VM_FASTCALL_H

#include <stdbool.h>
#include <stdint.h>

struct vm_env;

struct vm_fastcall {
	int16_t *stack_off;    /* per subprog: the pattern area's top; INT16_MIN disabled */
	bool *keep;            /* per subprog: a pattern around a call not inlined */
	uint8_t *pattern;      /* per insn: a spill or fill of a pattern */
	uint8_t *spills;       /* per call insn: pairs the kernel removes */
};

/* mark_fastcall_patterns: 0 or -ENOMEM. */
int vm_fastcall_init(struct vm_env *env);
void vm_fastcall_free(struct vm_env *env);
/* check_fastcall_stack_contract: a stack access at off of frame frameno at insn. */
void vm_fastcall_access(struct vm_env *env, int frameno, int insn, int off);
/* remove_fastcall_spills_fills: the depth of each subprogram whose pairs go. */
void vm_fastcall_fix_depths(struct vm_env *env);

#endif
