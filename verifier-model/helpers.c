/* SPDX-License-Identifier: GPL-2.0-only */
/* helpers.c: being written. */
