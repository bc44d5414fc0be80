/* SPDX-License-Identifier: GPL-2.0-only */
/* object.c: being written. */
