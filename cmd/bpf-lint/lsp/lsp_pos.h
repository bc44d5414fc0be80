/* SPDX-License-Identifier: GPL-2.0-only */
/* Byte offsets in a UTF-8 buffer as LSP positions (0-based line, UTF-16 units). */
#ifndef BPF_LINT_LSP_POS_H
#define BPF_LINT_LSP_POS_H

#include <stddef.h>
#include <jansson.h>

struct lsp_pos {
	unsigned line, character;
};

/* The position of byte offset off in text (clamped to len). */
struct lsp_pos lsp_pos_of(const char *text, size_t len, size_t off);
/* {"line":..,"character":..} for off; a new reference. */
json_t *lsp_pos_json(const char *text, size_t len, size_t off);
/* {"start":..,"end":..} for [start, end); a new reference. */
json_t *lsp_range_json(const char *text, size_t len, size_t start, size_t end);
/* Compare positions: <0, 0, >0. */
int lsp_pos_cmp(struct lsp_pos a, struct lsp_pos b);

#endif
