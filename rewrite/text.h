/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Byte-level helpers of the engine: how a replacement is formatted for
 * the line it lands on, and which edits collide.
 */
#ifndef BPF_REWRITE_TEXT_H
#define BPF_REWRITE_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/* "\r\n" if the line holding offset ends with CRLF (else the file's first line), else "\n". */
const char *text_eol_at(const char *buf, size_t len, size_t offset);

/*
 * The replacement text for [offset, offset + length) of buf, formatted:
 * each '\n' becomes the line's end-of-line sequence, and each continuation
 * line gets the indentation of the line the edit starts on (not empty
 * lines, and not the remainder of the original line when the edit ends at
 * a line start or at an end of line). Rules indent with tabs: in a file
 * indented with spaces, each tab of a line's leading blanks becomes the
 * file's unit (the narrowest space indentation). Malloc'd, NULL on ENOMEM.
 */
char *text_format_replacement(const char *buf, size_t len, unsigned offset,
			      unsigned length, const char *text);

/*
 * True if edits a and b cannot both be applied: overlapping ranges, an
 * insertion strictly inside a replaced range, or two different insertions
 * at one offset. Identical edits do not collide.
 */
bool text_edits_collide(unsigned a_off, unsigned a_len, const char *a_text,
			unsigned b_off, unsigned b_len, const char *b_text);

#endif
