/* SPDX-License-Identifier: GPL-2.0-only */
/* Static register and stack-slot liveness: the check_cfg pre-pass's last step. */
#ifndef VM_LIVENESS_H
#define VM_LIVENESS_H

#include "verifier-model/cfg.h"

/* Fill c's per-insn live-register and live-slot sets for p. 0 or -errno. */
int vm_cfg_liveness(const struct vm_prog *p, struct vm_cfg *c);

#endif
