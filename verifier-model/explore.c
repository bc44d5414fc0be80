/* SPDX-License-Identifier: GPL-2.0-only */
/* explore.c: being written. */
