// SPDX-License-Identifier: GPL-2.0-only
/* Formatting of replacement text and the edit-collision rule (see text.h). */
#include <stdlib.h>
#include <string.h>
#include "rewrite/text.h"

static size_t line_start(const char *buf, size_t offset)
{
	while (offset > 0 && buf[offset - 1] != '\n')
		offset--;
	return offset;
}

const char *text_eol_at(const char *buf, size_t len, size_t offset)
{
	const char *nl;

	if (offset > len)
		offset = len;
	nl = memchr(buf + offset, '\n', len - offset);
	if (!nl)	/* last line: follow the file's first line ending */
		nl = memchr(buf, '\n', len);
	if (nl && nl > buf && nl[-1] == '\r')
		return "\r\n";
	return "\n";
}

/* Length of the spaces and tabs that start the line holding offset. */
static size_t indent_len(const char *buf, size_t len, size_t start)
{
	size_t i = start;

	while (i < len && (buf[i] == ' ' || buf[i] == '\t'))
		i++;
	return i - start;
}

/* Does the original text after the edit continue on the same line? */
static bool tail_continues_line(const char *buf, size_t len, size_t end)
{
	if (end >= len || buf[end] == '\n' || buf[end] == '\r')
		return false;
	return end == 0 || buf[end - 1] != '\n';
}

char *text_format_replacement(const char *buf, size_t len, unsigned offset,
			      unsigned length, const char *text)
{
	size_t start = line_start(buf, offset < len ? offset : len);
	size_t ind = indent_len(buf, len, start);
	const char *eol = text_eol_at(buf, len, offset);
	size_t n_nl = 0, tlen = strlen(text), o = 0;
	char *out;

	for (size_t i = 0; i < tlen; i++)
		n_nl += text[i] == '\n';
	out = malloc(tlen + n_nl * (ind + 2) + 1);
	if (!out)
		return NULL;
	for (size_t i = 0; i < tlen; i++) {
		bool had_cr = i > 0 && text[i - 1] == '\r';

		if (text[i] != '\n') {
			out[o++] = text[i];
			continue;
		}
		if (had_cr)	/* the rule wrote CRLF itself: keep it */
			out[o++] = '\n';
		else
			for (const char *e = eol; *e; e++)
				out[o++] = *e;
		bool indent = i + 1 < tlen ? text[i + 1] != '\n' && text[i + 1] != '\r'
			: tail_continues_line(buf, len, (size_t)offset + length);
		if (indent) {
			memcpy(out + o, buf + start, ind);
			o += ind;
		}
	}
	out[o] = '\0';
	return out;
}

bool text_edits_collide(unsigned a_off, unsigned a_len, const char *a_text,
			unsigned b_off, unsigned b_len, const char *b_text)
{
	if (a_off == b_off && a_len == b_len && strcmp(a_text, b_text) == 0)
		return false;
	if (a_len == 0 && b_len == 0)
		return a_off == b_off;
	if (a_len == 0)
		return a_off > b_off && a_off < b_off + b_len;
	if (b_len == 0)
		return b_off > a_off && b_off < a_off + a_len;
	return a_off < b_off + b_len && b_off < a_off + a_len;
}
