/* SPDX-License-Identifier: GPL-2.0-only */
/* Loop membership: strongly connected components of the CFG. */
#ifndef VM_SCC_H
#define VM_SCC_H

#include "verifier-model/cfg.h"

/* Number c's strongly connected components (loops) of p. 0 or -errno. */
int vm_cfg_scc(const struct vm_prog *p, struct vm_cfg *c);

#endif
