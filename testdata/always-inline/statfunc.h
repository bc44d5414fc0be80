/* SPDX-License-Identifier: GPL-2.0-only */
/* A shared header of the kind projects keep: its macro cannot be fixed from one file. */
#ifndef STATFUNC_H
#define STATFUNC_H
#include <bpf/bpf_helpers.h>
#define statfunc static __always_inline
#endif
