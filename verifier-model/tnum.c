/* SPDX-License-Identifier: GPL-2.0-only */
/* tnum.c: being written. */
