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

/* Is buf[start, offset) blanks only (the edit starts in the line's indentation)? */
static bool in_indentation(const char *buf, size_t start, size_t offset)
{
	for (size_t i = start; i < offset; i++)
		if (buf[i] != ' ' && buf[i] != '\t')
			return false;
	return true;
}

/*
 * The file's indentation unit: 0 for tabs, else the number of spaces (the
 * narrowest indentation of a line that starts with spaces, at least 2).
 * Lines starting with " *" continue a block comment and do not count.
 */
static unsigned indent_unit(const char *buf, size_t len)
{
	size_t tabs = 0, spaced = 0, narrowest = 0;

	for (size_t i = 0; i < len;) {
		size_t w = 0;

		while (i + w < len && buf[i + w] == ' ')
			w++;
		if (i < len && buf[i] == '\t')
			tabs++;
		else if (w >= 2 && i + w < len && !strchr("*\r\n\t", buf[i + w])) {
			spaced++;
			narrowest = narrowest && narrowest < w ? narrowest : w;
		}
		const char *nl = memchr(buf + i, '\n', len - i);

		i = nl ? (size_t)(nl - buf) + 1 : len;
	}
	return spaced > tabs ? (unsigned)(narrowest > 8 ? 8 : narrowest) : 0;
}

/* Copy text[i] into out: a tab of a line's leading blanks becomes the unit's spaces. */
static size_t put_char(char *out, size_t o, char c, bool leading, unsigned unit)
{
	if (c != '\t' || !leading || !unit) {
		out[o] = c;
		return o + 1;
	}
	memset(out + o, ' ', unit);
	return o + unit;
}

char *text_format_replacement(const char *buf, size_t len, unsigned offset,
			      unsigned length, const char *text)
{
	size_t start = line_start(buf, offset < len ? offset : len);
	size_t ind = indent_len(buf, len, start);
	const char *eol = text_eol_at(buf, len, offset);
	unsigned unit = indent_unit(buf, len);
	size_t n_nl = 0, tlen = strlen(text), o = 0;
	bool leading = in_indentation(buf, start, offset < len ? offset : len);
	char *out;

	for (size_t i = 0; i < tlen; i++)
		n_nl += text[i] == '\n';
	out = malloc(tlen * (unit ? unit : 1) + n_nl * (ind + 2) + 1);
	if (!out)
		return NULL;
	for (size_t i = 0; i < tlen; i++) {
		bool had_cr = i > 0 && text[i - 1] == '\r';

		if (text[i] != '\n') {
			leading = leading && (text[i] == ' ' || text[i] == '\t');
			o = put_char(out, o, text[i], leading, unit);
			continue;
		}
		leading = true;
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
