/* SPDX-License-Identifier: GPL-2.0-only */
/* A project header hiding the pragma behind a macro. */
#ifndef UNROLL_MACROS_H
#define UNROLL_MACROS_H
#define UNROLL _Pragma("unroll")
#define NO_UNROLL _Pragma("nounroll")
#endif
