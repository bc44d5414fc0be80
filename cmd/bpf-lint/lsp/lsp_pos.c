/* SPDX-License-Identifier: GPL-2.0-only */
/* LSP counts columns in UTF-16 code units; clang and our findings in bytes. */
#include "cmd/bpf-lint/lsp/lsp_pos.h"

/* UTF-16 units of the UTF-8 sequence starting with byte c (4-byte: a pair). */
static unsigned utf16_units(unsigned char c)
{
	return c >= 0xf0 ? 2 : 1;
}

static unsigned seq_len(unsigned char c)
{
	if (c >= 0xf0)
		return 4;
	if (c >= 0xe0)
		return 3;
	if (c >= 0xc0)
		return 2;
	return 1;
}

struct lsp_pos lsp_pos_of(const char *text, size_t len, size_t off)
{
	struct lsp_pos p = { 0, 0 };
	size_t i = 0;

	if (off > len)
		off = len;
	while (i < off) {
		unsigned char c = (unsigned char)text[i];

		if (c == '\n') {
			p.line++;
			p.character = 0;
			i++;
			continue;
		}
		p.character += utf16_units(c);
		i += seq_len(c);
	}
	return p;
}

json_t *lsp_pos_json(const char *text, size_t len, size_t off)
{
	struct lsp_pos p = lsp_pos_of(text, len, off);

	return json_pack("{s:I, s:I}", "line", (json_int_t)p.line,
			 "character", (json_int_t)p.character);
}

json_t *lsp_range_json(const char *text, size_t len, size_t start, size_t end)
{
	return json_pack("{s:o, s:o}", "start", lsp_pos_json(text, len, start),
			 "end", lsp_pos_json(text, len, end));
}

int lsp_pos_cmp(struct lsp_pos a, struct lsp_pos b)
{
	if (a.line != b.line)
		return a.line < b.line ? -1 : 1;
	if (a.character != b.character)
		return a.character < b.character ? -1 : 1;
	return 0;
}
