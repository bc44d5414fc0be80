/* SPDX-License-Identifier: GPL-2.0-only */
/* kernel.c: being written. */
