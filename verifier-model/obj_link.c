/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Relocations and linking, as libbpf's bpf_object__reloc_code does it:
 * the main program first; at the first call (or BPF_PSEUDO_FUNC) into a
 * .text function not yet in this program, that function is appended at
 * the end and processed recursively before the caller continues. Call
 * immediates are then relative to the linked layout, so insn indexes
 * equal the kernel log's.
 */
#include <errno.h>
#include <gelf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>
#include "verifier-model/obj_internal.h"

#define R_BPF_64_64 1
#define R_BPF_64_32 10

static bool is_call(const struct bpf_insn *i)
{
	return i->code == (BPF_JMP | BPF_CALL);
}

static bool is_ldimm64(const struct bpf_insn *i)
{
	return i->code == (BPF_LD | BPF_IMM | BPF_DW);
}

/* clang leaves .maps datasec offsets at 0: match the symbol's name,
 * as libbpf matches map definitions to their symbols. */
static int find_map_var(struct loader *ld, const struct ld_sym *sym)
{
	for (size_t i = 0; i < ld->obj->n_maps; i++)
		if (ld->obj->maps[i].kind == VM_MAP_USER &&
		    ld->map_sec_off[i] != UINT32_MAX &&
		    !strcmp(ld->obj->maps[i].name, sym->name))
			return (int)i;
	return -1;
}

static int extern_ref(struct loader *ld, const struct ld_sym *sym,
		      const struct bpf_insn *insn, struct ld_ref *r)
{
	long koff;

	r->name = sym->name;
	r->weak = sym->bind == STB_WEAK;
	if (is_call(insn)) {
		r->kind = VM_REF_KFUNC;
	} else if ((koff = ld_kconfig_offset(ld, sym->name)) >= 0 &&
		   ld->kconfig_map >= 0) {
		r->kind = VM_REF_MAP_VALUE;
		r->map = ld->kconfig_map;
		r->offset = (uint32_t)koff + (uint32_t)insn->imm;
	} else {
		r->kind = VM_REF_KSYM;
	}
	return 0;
}

/* Classify one relocation against insn at section insn index idx. */
static int classify(struct loader *ld, const struct ld_sym *sym,
		    const struct bpf_insn *insn, size_t n_left, struct ld_ref *r)
{
	const struct ld_sec *ts;

	if (!is_call(insn) && !is_ldimm64(insn))
		return ld_error(ld, -EINVAL, "relocation on insn code 0x%02x",
				insn->code);
	if (is_ldimm64(insn) && n_left < 2)
		return ld_error(ld, -EINVAL, "truncated ld_imm64");
	if (sym->shndx == SHN_UNDEF)
		return extern_ref(ld, sym, insn, r);
	if (sym->shndx >= ld->n_secs)
		return ld_error(ld, -EINVAL, "relocation to bad section");
	ts = &ld->secs[sym->shndx];
	if ((int)sym->shndx == ld->text) {
		int64_t t = is_call(insn)
			? (int64_t)(sym->value / 8) + insn->imm + 1
			: ((int64_t)sym->value + insn->imm) / 8;

		if (t < 0 || (uint64_t)t >= ts->n_insns)
			return ld_error(ld, -EINVAL, "call target outside .text");
		r->kind = is_call(insn) ? VM_REF_SUBPROG_CALL : VM_REF_FUNC_PTR;
		r->text_insn = (size_t)t;
		return 0;
	}
	if (is_call(insn))
		return ld_error(ld, -EINVAL, "call into %s: subprograms must be in .text",
				ts->name);
	if ((int)sym->shndx == ld->maps_sec) {
		r->kind = VM_REF_MAP_FD;
		r->map = find_map_var(ld, sym);
		return r->map < 0 ? ld_error(ld, -EINVAL, "reference to unknown map %s",
					     sym->name) : 0;
	}
	if (ts->map >= 0) {
		r->kind = VM_REF_MAP_VALUE;
		r->map = ts->map;
		r->offset = (uint32_t)(insn->imm + sym->value);
		return 0;
	}
	return ld_error(ld, -EINVAL, "relocation to section %s", ts->name);
}

static int collect_section_relocs(struct loader *ld, struct ld_sec *rs)
{
	struct ld_sec *es = &ld->secs[rs->info];
	const struct bpf_insn *insns = (const void *)es->data;
	size_t n = rs->size / sizeof(Elf64_Rel);

	for (size_t i = 0; i < n; i++) {
		Elf64_Rel rel;
		size_t idx, si;
		int err;

		memcpy(&rel, rs->data + i * sizeof(rel), sizeof(rel));
		idx = rel.r_offset / 8;
		si = ELF64_R_SYM(rel.r_info);
		if (rel.r_offset % 8 || idx >= es->n_insns || si >= ld->n_syms)
			return ld_error(ld, -EINVAL, "%s: bad relocation %zu",
					rs->name, i);
		if (ELF64_R_TYPE(rel.r_info) != R_BPF_64_64 &&
		    ELF64_R_TYPE(rel.r_info) != R_BPF_64_32)
			continue;  /* DWARF-style absolute relocations */
		err = classify(ld, &ld->syms[si], &insns[idx], es->n_insns - idx,
			       &es->refs[idx]);
		if (err)
			return err;
	}
	return 0;
}

int ld_collect_relocs(struct loader *ld)
{
	for (size_t i = 1; i < ld->n_secs; i++) {
		struct ld_sec *s = &ld->secs[i];

		if (s->type != SHT_PROGBITS || !(s->flags & SHF_EXECINSTR))
			continue;
		/* insns are read in place: whole, and 8-aligned in the image */
		if (s->size % 8 || (s->size && !s->data) || (uintptr_t)s->data % 8)
			return ld_error(ld, -EINVAL, "%s: not a whole, aligned insn array",
					s->name);
		s->n_insns = s->size / 8;
		s->refs = calloc(s->n_insns ? s->n_insns : 1, sizeof(*s->refs));
		if (!s->refs)
			return -ENOMEM;
	}
	for (size_t i = 1; i < ld->n_secs; i++) {
		struct ld_sec *s = &ld->secs[i];
		int err;

		if (s->type != SHT_REL || s->info >= ld->n_secs ||
		    !ld->secs[s->info].refs || !s->data)
			continue;
		if ((err = collect_section_relocs(ld, s)))
			return err;
	}
	return 0;
}

static struct ld_func *text_func_at(struct loader *ld, size_t insn)
{
	for (size_t i = 0; i < ld->n_funcs; i++) {
		struct ld_func *f = &ld->funcs[i];

		if (f->sec == ld->text && insn >= f->off && insn < f->off + f->len)
			return f;
	}
	return NULL;
}

static int grow(void **p, size_t n, size_t size)
{
	void *q = realloc(*p, (n ? n : 1) * size);

	if (!q)
		return -ENOMEM;
	*p = q;
	return 0;
}

/* Append f's insns, its subprogram entry and its line records. */
static int append_func(struct loader *ld, struct vm_prog *p, struct ld_func *f)
{
	const struct ld_sec *s = &ld->secs[f->sec];
	struct vm_subprog *sp;
	size_t n = p->n_insns + f->len;

	if (n > VM_MAX_PROG)
		return ld_error(ld, -E2BIG, "%s: linked program too large", p->name);
	if (grow((void **)&p->insns, n, sizeof(*p->insns)) ||
	    grow((void **)&p->refs, n, sizeof(*p->refs)) ||
	    grow((void **)&p->subprogs, p->n_subprogs + 1, sizeof(*p->subprogs)))
		return -ENOMEM;
	memcpy(p->insns + p->n_insns, s->data + f->off * 8, f->len * 8);
	ld_core_apply(ld, s->name, f->off, f->len, p->insns + p->n_insns);
	memset(p->refs + p->n_insns, 0, f->len * sizeof(*p->refs));
	f->sub_off = p->n_insns;
	f->appended = true;
	p->n_insns = n;
	sp = &p->subprogs[p->n_subprogs++];
	memset(sp, 0, sizeof(*sp));
	snprintf(sp->name, sizeof(sp->name), "%s", f->name);
	sp->start = f->sub_off;
	sp->len = f->len;
	sp->global = f->global;
	sp->btf_id = f->btf_id;
	for (size_t i = 0; i < ld->n_ext; i++) {
		const struct ld_ext_sec *e = &ld->ext[i];

		if (strcmp(e->sec_name, s->name))
			continue;
		for (size_t j = 0; j < e->n_line; j++) {
			const struct ld_ext_rec *r = &e->line[j];
			struct vm_line *l;

			if (r->insn < f->off || r->insn >= f->off + f->len)
				continue;
			if (grow((void **)&p->lines, p->n_lines + 1, sizeof(*l)))
				return -ENOMEM;
			l = &p->lines[p->n_lines++];
			l->insn = f->sub_off + (r->insn - f->off);
			l->file = btf__name_by_offset(ld->obj->btf, r->a);
			l->text = btf__name_by_offset(ld->obj->btf, r->b);
			l->line = r->c >> 10;
			l->col = r->c & 0x3ff;
			if (!l->file)
				l->file = "?";
		}
	}
	return 0;
}

/* Rewrite a map/kfunc/ksym insn as libbpf would, and record its ref. */
static void apply_data_ref(struct bpf_insn *insn, struct vm_insn_ref *out,
			   const struct ld_ref *r)
{
	out->kind = r->kind;
	out->map = r->map;
	out->offset = r->offset;
	out->name = r->name;
	out->weak = r->weak;
	switch (r->kind) {
	case VM_REF_MAP_FD:
		insn[0].src_reg = BPF_PSEUDO_MAP_FD;
		insn[0].imm = r->map;
		insn[1].imm = 0;
		break;
	case VM_REF_MAP_VALUE:
		insn[0].src_reg = BPF_PSEUDO_MAP_VALUE;
		insn[0].imm = r->map;
		insn[1].imm = (int32_t)r->offset;
		break;
	case VM_REF_KFUNC:
		insn[0].src_reg = BPF_PSEUDO_KFUNC_CALL;
		insn[0].imm = 0;
		insn[0].off = 0;
		break;
	case VM_REF_KSYM:
		insn[0].src_reg = BPF_PSEUDO_BTF_ID;
		insn[0].imm = 0;
		insn[1].imm = 0;
		break;
	default:
		out->kind = VM_REF_NONE;
		break;
	}
}

static int reloc_code(struct loader *ld, struct vm_prog *p, struct ld_func *g)
{
	const struct ld_sec *s = &ld->secs[g->sec];

	for (size_t i = 0; i < g->len; i++) {
		size_t at = g->sub_off + i;
		struct bpf_insn *insn = &p->insns[at];
		const struct ld_ref *r = &s->refs[g->off + i];
		bool call = is_call(insn) && insn->src_reg == BPF_PSEUDO_CALL;
		bool func = is_ldimm64(insn) && r->kind == VM_REF_FUNC_PTR;
		struct ld_func *sub;
		int64_t target;
		int err;

		if (is_ldimm64(insn) && i + 1 >= g->len)
			return ld_error(ld, -EINVAL, "%s: ld_imm64 at the end of %s",
					p->name, g->name);
		if (r->kind != VM_REF_NONE && r->kind != VM_REF_SUBPROG_CALL &&
		    r->kind != VM_REF_FUNC_PTR) {
			apply_data_ref(insn, &p->refs[at], r);
			continue;
		}
		if (!call && !func)
			continue;
		if (r->kind != VM_REF_NONE)
			target = (int64_t)r->text_insn;
		else if (g->sec == ld->text)
			target = (int64_t)(g->off + i) + insn->imm + 1;
		else
			return ld_error(ld, -EINVAL, "%s: call without relocation",
					p->name);
		sub = target >= 0 ? text_func_at(ld, (size_t)target) : NULL;
		if (!sub || (size_t)target != sub->off)
			return ld_error(ld, -EINVAL, "%s: insn %zu calls no function",
					p->name, at);
		if (!sub->appended) {
			if ((err = append_func(ld, p, sub)) ||
			    (err = reloc_code(ld, p, sub)))
				return err;
		}
		insn = &p->insns[at];  /* the array may have moved */
		insn->imm = (int32_t)(sub->sub_off - at - 1);
		if (func)
			insn->src_reg = BPF_PSEUDO_FUNC;
		p->refs[at].kind = call ? VM_REF_SUBPROG_CALL : VM_REF_FUNC_PTR;
		p->refs[at].target = sub->sub_off;
	}
	return 0;
}

static int cmp_line(const void *a, const void *b)
{
	const struct vm_line *x = a, *y = b;

	return x->insn < y->insn ? -1 : x->insn > y->insn;
}

int ld_link_prog(struct loader *ld, struct ld_func *f, struct vm_prog *p)
{
	int err;

	for (size_t i = 0; i < ld->n_funcs; i++)
		ld->funcs[i].appended = false;
	if ((err = append_func(ld, p, f)) || (err = reloc_code(ld, p, f)))
		return err;
	if (p->n_lines)
		qsort(p->lines, p->n_lines, sizeof(*p->lines), cmp_line);
	return 0;
}
