/* SPDX-License-Identifier: GPL-2.0-only */
/* Hashing what verifying one program depends on (FNV-1a, 64 bit). */
#include <string.h>
#include <bpf/btf.h>

#include "confirm/fingerprint.h"

/* Deep enough for a signature's structs and the pointers in them. */
#define BTF_HASH_DEPTH 5

static void mix(uint64_t *h, const void *p, size_t n)
{
	const unsigned char *b = p;

	for (size_t i = 0; i < n; i++) {
		*h ^= b[i];
		*h *= 0x100000001b3ull;
	}
}

static void mix_str(uint64_t *h, const char *s)
{
	mix(h, s ? s : "", s ? strlen(s) + 1 : 1);
}

static void mix_u32(uint64_t *h, uint32_t v)
{
	mix(h, &v, sizeof(v));
}

/* A BTF type by structure (names, kinds, sizes, offsets), not by id. */
static void mix_btf_type(uint64_t *h, const struct btf *btf, uint32_t id, int depth)
{
	const struct btf_type *t = id ? btf__type_by_id(btf, id) : NULL;
	uint32_t words;

	mix_u32(h, id ? 1 + (uint32_t)depth : 0);
	if (!t || depth >= BTF_HASH_DEPTH)
		return;
	mix_str(h, btf__name_by_offset(btf, t->name_off));
	mix_u32(h, t->info);
	mix_u32(h, t->size);	/* or the referenced type: hashed below */
	if (btf_is_ptr(t) || btf_is_typedef(t) || btf_is_mod(t) || btf_is_func(t))
		mix_btf_type(h, btf, t->type, depth + 1);
	else if (btf_is_array(t)) {
		mix_u32(h, btf_array(t)->nelems);
		mix_btf_type(h, btf, btf_array(t)->type, depth + 1);
	} else if (btf_is_composite(t)) {
		for (uint32_t i = 0; i < btf_vlen(t); i++) {
			const struct btf_member *m = btf_members(t) + i;

			mix_str(h, btf__name_by_offset(btf, m->name_off));
			mix_u32(h, m->offset);
			mix_btf_type(h, btf, m->type, depth + 1);
		}
	} else if (btf_is_func_proto(t)) {
		mix_btf_type(h, btf, t->type, depth + 1);
		for (uint32_t i = 0; i < btf_vlen(t); i++)
			mix_btf_type(h, btf, btf_params(t)[i].type, depth + 1);
	} else if (btf_is_int(t) || btf_is_enum(t)) {
		words = btf_is_int(t) ? 1 : btf_vlen(t) * 2;
		mix(h, t + 1, words * sizeof(uint32_t));
	}
}

/* The declaration tags (__arg_ctx, arg:arena...) on function id. */
static void mix_decl_tags(uint64_t *h, const struct btf *btf, uint32_t id)
{
	uint32_t n = btf__type_cnt(btf);

	for (uint32_t i = 1; i < n; i++) {
		const struct btf_type *t = btf__type_by_id(btf, i);

		if (btf_is_decl_tag(t) && t->type == id) {
			mix_str(h, btf__name_by_offset(btf, t->name_off));
			mix_u32(h, (uint32_t)btf_decl_tag(t)->component_idx);
		}
	}
}

static void mix_map(uint64_t *h, const struct vm_object *obj, int idx, int depth)
{
	const struct vm_map *m;

	if (idx < 0 || (size_t)idx >= obj->n_maps || depth > 1)
		return;
	m = &obj->maps[idx];
	mix_str(h, m->name);
	mix(h, &m->kind, sizeof(m->kind));
	mix_u32(h, m->type);
	mix_u32(h, m->key_size);
	mix_u32(h, m->value_size);
	mix_u32(h, m->max_entries);
	mix_u32(h, m->map_flags);
	if (obj->btf) {
		mix_btf_type(h, obj->btf, m->btf_key_type_id, 0);
		mix_btf_type(h, obj->btf, m->btf_value_type_id, 0);
	}
	mix(h, m->init_data ? (const void *)m->init_data : "", m->init_data ? m->init_size : 0);
	mix_map(h, obj, m->inner_map, depth + 1);
}

static void mix_refs(uint64_t *h, const struct vm_object *obj, const struct vm_prog *p)
{
	for (size_t i = 0; i < p->n_insns; i++) {
		const struct vm_insn_ref *r = &p->refs[i];

		if (r->kind == VM_REF_NONE)
			continue;
		mix(h, &i, sizeof(i));
		mix(h, &r->kind, sizeof(r->kind));
		mix_u32(h, r->offset);
		mix_str(h, r->name);
		mix(h, &r->weak, sizeof(r->weak));
		if (r->kind == VM_REF_MAP_FD || r->kind == VM_REF_MAP_VALUE)
			mix_map(h, obj, r->map, 0);
	}
}

uint64_t prog_fingerprint(const struct vm_object *obj, const struct vm_prog *p)
{
	uint64_t h = 0xcbf29ce484222325ull;

	mix_str(&h, obj->license);
	mix_str(&h, p->section);
	mix(&h, &p->type, sizeof(p->type));
	mix(&h, &p->expected_attach_type, sizeof(p->expected_attach_type));
	mix_str(&h, p->attach_to);
	mix(&h, &p->sleepable, sizeof(p->sleepable));
	mix(&h, p->insns, p->n_insns * sizeof(*p->insns));
	mix_refs(&h, obj, p);
	for (size_t i = 0; i < p->n_subprogs; i++) {
		const struct vm_subprog *s = &p->subprogs[i];

		mix_str(&h, s->name);
		mix(&h, &s->start, sizeof(s->start));
		mix(&h, &s->global, sizeof(s->global));
		if (obj->btf && s->btf_id) {
			mix_btf_type(&h, obj->btf, s->btf_id, 0);
			mix_decl_tags(&h, obj->btf, s->btf_id);
		}
	}
	return h;
}
