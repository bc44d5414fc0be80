/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * .BTF.ext func_info, line_info and CO-RE relocations, read from the raw section (libbpf
 * 1.1 keeps its btf_ext internals private). Records stay per ELF
 * section with insn offsets in instructions; obj_link.c maps them onto
 * each linked program.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>
#include "verifier-model/obj_internal.h"

#define BTF_EXT_MAGIC 0xeB9F

static uint32_t rd32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

static struct ld_ext_sec *ext_sec(struct loader *ld, const char *name)
{
	struct ld_ext_sec *n;

	for (size_t i = 0; i < ld->n_ext; i++)
		if (!strcmp(ld->ext[i].sec_name, name))
			return &ld->ext[i];
	n = realloc(ld->ext, (ld->n_ext + 1) * sizeof(*n));
	if (!n)
		return NULL;
	ld->ext = n;
	n = &ld->ext[ld->n_ext++];
	memset(n, 0, sizeof(*n));
	n->sec_name = name;
	return n;
}

enum info { FUNC_INFO, LINE_INFO, CORE_RELO };

/* clang emits one group per section; keep the first if not. */
static bool keep(struct ld_ext_sec *s, enum info what, struct ld_ext_rec *r, size_t n)
{
	struct ld_ext_rec **dst = what == FUNC_INFO ? &s->func : what == LINE_INFO ? &s->line : &s->core;
	size_t *cnt = what == FUNC_INFO ? &s->n_func : what == LINE_INFO ? &s->n_line : &s->n_core;

	if (*dst)
		return false;
	*dst = r;
	*cnt = n;
	return true;
}

/* One info block (func, line, CO-RE): rec_size, then per-section groups. */
static int parse_info(struct loader *ld, const uint8_t *p, size_t len,
		      size_t min_rec, enum info what)
{
	size_t pos = 4, rec;

	if (!len)
		return 0;
	if (len < 4 || (rec = rd32(p)) < min_rec || rec > 256 || rec % 4)
		return ld_error(ld, -EINVAL, ".BTF.ext: bad record size");
	while (pos + 8 <= len) {
		const char *name = btf__name_by_offset(ld->obj->btf, rd32(p + pos));
		size_t n = rd32(p + pos + 4);
		struct ld_ext_sec *s;
		struct ld_ext_rec *r;

		pos += 8;
		if (!name || n > (len - pos) / rec)
			return ld_error(ld, -EINVAL, ".BTF.ext: bad section group");
		if (!(s = ext_sec(ld, name)))
			return -ENOMEM;
		r = calloc(n ? n : 1, sizeof(*r));
		if (!r)
			return -ENOMEM;
		for (size_t i = 0; i < n; i++, pos += rec) {
			r[i].insn = rd32(p + pos) / 8;
			r[i].a = rd32(p + pos + 4);
			if (what != FUNC_INFO) {
				r[i].b = rd32(p + pos + 8);
				r[i].c = rd32(p + pos + 12);
			}
		}
		if (!keep(s, what, r, n))
			free(r);
	}
	return 0;
}

int ld_parse_btf_ext(struct loader *ld, const uint8_t *data, size_t size)
{
	uint32_t hdr, foff, flen, loff, llen, coff = 0, clen = 0;
	int err;

	if (size < 24 || (data[0] | data[1] << 8) != BTF_EXT_MAGIC)
		return ld_error(ld, -EINVAL, ".BTF.ext: bad header");
	hdr = rd32(data + 4);
	foff = rd32(data + 8);
	flen = rd32(data + 12);
	loff = rd32(data + 16);
	llen = rd32(data + 20);
	if (hdr < 24 || hdr > size)
		return ld_error(ld, -EINVAL, ".BTF.ext: bad header length");
	if (hdr >= 32) {
		coff = rd32(data + 24);
		clen = rd32(data + 28);
	}
	data += hdr;
	size -= hdr;
	if (foff > size || flen > size - foff || loff > size || llen > size - loff ||
	    coff > size || clen > size - coff)
		return ld_error(ld, -EINVAL, ".BTF.ext: info out of bounds");
	err = parse_info(ld, data + foff, flen, 8, FUNC_INFO);
	if (!err)
		err = parse_info(ld, data + loff, llen, 16, LINE_INFO);
	if (!err)
		err = parse_info(ld, data + coff, clen, 16, CORE_RELO);
	return err;
}

void ld_free_btf_ext(struct loader *ld)
{
	for (size_t i = 0; i < ld->n_ext; i++) {
		free(ld->ext[i].func);
		free(ld->ext[i].line);
		free(ld->ext[i].core);
	}
	free(ld->ext);
	ld->ext = NULL;
	ld->n_ext = 0;
}
