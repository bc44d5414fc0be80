/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The check_cfg pre-pass: structural checks (jump ranges, reachability,
 * subprogram boundaries), the per-insn marks that drive pruning, loop
 * membership (SCCs), and static register and stack-slot liveness.
 */
#ifndef VM_CFG_H
#define VM_CFG_H

#include <stddef.h>
#include <stdint.h>
#include "verifier-model/object.h"

enum {
	VM_CFG_PRUNE = 1,       /* is_state_visited runs here */
	VM_CFG_JMP_POINT = 2,   /* feeds the jump history */
	VM_CFG_FORCE_CKPT = 4,  /* always checkpoint (iter next, may_goto, cb calls) */
	VM_CFG_CALLS_CB = 8,    /* a helper call that runs a sync callback */
	VM_CFG_ITER_NEXT = 16,  /* an iterator *_next kfunc call */
};

struct vm_cfg {
	size_t n;
	unsigned kver;          /* the release imitated (release.h) */
	uint8_t *flags;
	uint16_t *live_regs;    /* registers live before insn i */
	uint64_t *live_stack;   /* own-frame slots (bit spi = fp-8*(spi+1)) live before i */
	int *subprog;           /* subprogram index of insn i */
	int *scc;               /* loop (SCC) id of insn i, 0 when not in a loop */
	int *nargs;             /* per subprogram: BTF argument count (5 unknown) */
};

/*
 * Run the pre-pass over prog as release kver does it. 0, or a negative
 * errno with the kernel's message in err (e.g. "unreachable insn 7").
 */
int vm_cfg__build(const struct vm_prog *prog, const struct btf *btf, unsigned kver,
		  struct vm_cfg *cfg, char *err, size_t errlen);
void vm_cfg__free(struct vm_cfg *cfg);

#endif
