/* SPDX-License-Identifier: GPL-2.0-only */
/* Macros from a header: bpf-fix must never edit this file through a .bpf.c. */
#ifndef MACRO_DEFS_H
#define MACRO_DEFS_H

#define HDR_INLINE static __always_inline
#define HDR_EACH(i, n) for ((i) = 0; (i) < (n); (i)++)

#endif
