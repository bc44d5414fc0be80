/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The definitions a fixed file may need and not have (enum bpf_need):
 * their guarded text and where they go (preamble_offset).
 */
#ifndef BPF_REWRITE_PREAMBLE_H
#define BPF_REWRITE_PREAMBLE_H

#include <stddef.h>

/*
 * The text to insert at preamble_offset(): one guarded block per needs
 * bit that is needed, not declared, and not already in buf as the exact
 * block this would insert; the file's line endings. *text is NULL when
 * nothing is missing. *added gets the bits added. 0 or -ENOMEM.
 */
int preamble_build(unsigned needed, unsigned declared, const char *buf,
		   size_t len, char **text, unsigned *added);
/*
 * Where the definitions go: after the last #include at the top level of
 * the file, an include guard's inside counting as the top (so a header's
 * additions stay inside its guard, after what they depend on); without
 * one, after the guard's #define or #pragma once, else after the file's
 * leading comments (its licence).
 */
size_t preamble_offset(const char *buf, size_t len);

#endif
