/* SPDX-License-Identifier: GPL-2.0-only */
/* result.c: being written. */
