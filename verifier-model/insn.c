/* SPDX-License-Identifier: GPL-2.0-only */
/* insn.c: being written. */
