/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Maps: BTF-defined ones from the .maps datasec (the __uint/__type/
 * __array encoding of bpf_helpers.h), global-data sections as
 * single-entry array maps, and one .kconfig map for kconfig externs,
 * in the order libbpf creates them.
 */
#include <errno.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>
#include "verifier-model/kconfig.h"
#include "verifier-model/obj_internal.h"

#ifndef BPF_F_MMAPABLE
#define BPF_F_MMAPABLE (1U << 10)
#endif
#define VM_MAX_MAPS 4096

static struct vm_map *map_new(struct loader *ld, const char *name,
			      enum vm_map_kind kind, uint32_t sec_off)
{
	struct vm_object *obj = ld->obj;
	struct vm_map *m;
	uint32_t *o;

	if (obj->n_maps >= VM_MAX_MAPS)
		return NULL;
	m = realloc(obj->maps, (obj->n_maps + 1) * sizeof(*m));
	if (!m)
		return NULL;
	obj->maps = m;
	o = realloc(ld->map_sec_off, (obj->n_maps + 1) * sizeof(*o));
	if (!o)
		return NULL;
	ld->map_sec_off = o;
	o[obj->n_maps] = sec_off;
	m = &obj->maps[obj->n_maps++];
	memset(m, 0, sizeof(*m));
	snprintf(m->name, sizeof(m->name), "%s", name);
	m->kind = kind;
	m->inner_map = -1;
	return m;
}

/* The type id, past modifiers and typedefs (libbpf's skip_mods_and_typedefs). */
static uint32_t skip_mods(const struct btf *btf, uint32_t id)
{
	const struct btf_type *t = btf__type_by_id(btf, id);

	for (int i = 0; t && (btf_is_mod(t) || btf_is_typedef(t)) && i < 64; i++) {
		id = t->type;
		t = btf__type_by_id(btf, id);
	}
	return id;
}

/* __uint(x, N) is "int (*x)[N]": N is the array's element count. */
static int btf_uint(const struct btf *btf, uint32_t id, uint32_t *val)
{
	const struct btf_type *t = btf__type_by_id(btf, skip_mods(btf, id));

	if (!t || !btf_is_ptr(t))
		return -EINVAL;
	t = btf__type_by_id(btf, t->type);
	if (!t || !btf_is_array(t))
		return -EINVAL;
	*val = btf_array(t)->nelems;
	return 0;
}

/*
 * map_extra is 64 bits: libbpf 1.3's __ulong() gives it as an enum (enum64
 * past 32 bits) whose one value is the number; __uint() as an array size.
 */
static int btf_ulong(const struct btf *btf, uint32_t id, uint64_t *val)
{
	const struct btf_type *t = btf__type_by_id(btf, skip_mods(btf, id));
	uint32_t v;

	if (t && btf_is_enum64(t) && btf_vlen(t) == 1) {
		*val = btf_enum64_value(btf_enum64(t));
		return 0;
	}
	if (t && btf_is_enum(t) && btf_vlen(t) == 1) {
		*val = (uint32_t)btf_enum(t)->val;
		return 0;
	}
	if (btf_uint(btf, id, &v))
		return -EINVAL;
	*val = v;
	return 0;
}

static uint32_t ptr_target(const struct btf *btf, uint32_t id)
{
	const struct btf_type *t = btf__type_by_id(btf, id);

	return t && btf_is_ptr(t) ? t->type : 0;
}

static int parse_map_def(struct loader *ld, int idx, uint32_t def_id, int depth);

/*
 * __array(values, struct inner) of a map of maps, __array(values, int ())
 * of a prog array: an array of pointers, after modifiers and typedefs, to
 * the inner definition or to a function prototype (libbpf's rules).
 */
static int parse_values(struct loader *ld, int idx, uint32_t type)
{
	const struct btf *btf = ld->obj->btf;
	const struct btf_type *t = btf__type_by_id(btf, type);
	const char *name = ld->obj->maps[idx].name;
	uint32_t target = 0;
	char inner[64];
	int ii;

	if (t && btf_is_array(t))
		target = ptr_target(btf, skip_mods(btf, btf_array(t)->type));
	t = target ? btf__type_by_id(btf, skip_mods(btf, target)) : NULL;
	if (!t)
		return ld_error(ld, -EINVAL, "map %s: bad values", name);
	ld->obj->maps[idx].value_size = 4;     /* a map or program fd */
	if (btf_is_func_proto(t)) {
		if (ld->obj->maps[idx].type != BPF_MAP_TYPE_PROG_ARRAY)
			return ld_error(ld, -EINVAL, "map %s: function values outside "
					"a prog array", name);
		return 0;          /* initial programs of a prog array: no inner map */
	}
	snprintf(inner, sizeof(inner), "%.50s.inner", name);
	if (!map_new(ld, inner, VM_MAP_USER, UINT32_MAX))
		return -ENOMEM;
	ii = (int)ld->obj->n_maps - 1;
	ld->obj->maps[idx].inner_map = ii;
	return parse_map_def(ld, ii, target, 1);
}

static int parse_member(struct loader *ld, int idx, const char *n, uint32_t type,
			int depth)
{
	const struct btf *btf = ld->obj->btf;
	struct vm_map *m = &ld->obj->maps[idx];
	uint32_t v = 0, target;
	long long sz;

	if (!strcmp(n, "type") || !strcmp(n, "max_entries") ||
	    !strcmp(n, "map_flags") || !strcmp(n, "key_size") ||
	    !strcmp(n, "value_size")) {
		if (btf_uint(btf, type, &v))
			return ld_error(ld, -EINVAL, "map %s: bad %s", m->name, n);
		if (!strcmp(n, "type")) m->type = v;
		else if (!strcmp(n, "max_entries")) m->max_entries = v;
		else if (!strcmp(n, "map_flags")) m->map_flags = v;
		else if (!strcmp(n, "key_size")) m->key_size = v;
		else m->value_size = v;
	} else if (!strcmp(n, "key") || !strcmp(n, "value")) {
		target = ptr_target(btf, type);
		sz = target ? btf__resolve_size(btf, target) : -1;
		if (sz < 0 || sz > UINT32_MAX)
			return ld_error(ld, -EINVAL, "map %s: bad %s type", m->name, n);
		if (n[0] == 'k') {
			m->key_size = sz;
			m->btf_key_type_id = target;
		} else {
			m->value_size = sz;
			m->btf_value_type_id = target;
		}
	} else if (!strcmp(n, "values") && depth == 0) {
		return parse_values(ld, idx, type);
	} else if (!strcmp(n, "map_extra")) {
		if (btf_ulong(btf, type, &m->map_extra))
			return ld_error(ld, -EINVAL, "map %s: bad map_extra", m->name);
	}
	return 0;  /* pinning, numa_node: not needed here */
}

static int parse_map_def(struct loader *ld, int idx, uint32_t def_id, int depth)
{
	const struct btf *btf = ld->obj->btf;
	const struct btf_type *t = btf__type_by_id(btf, def_id);
	const struct btf_member *mem;

	while (t && (btf_is_mod(t) || btf_is_typedef(t)))   /* __array(values, inner_t) */
		t = btf__type_by_id(btf, t->type);
	if (!t || !btf_is_struct(t))
		return ld_error(ld, -EINVAL, "map %s: definition is not a struct",
				ld->obj->maps[idx].name);
	mem = btf_members(t);
	for (int i = 0; i < btf_vlen(t); i++) {
		const char *n = btf__name_by_offset(btf, mem[i].name_off);
		int err = parse_member(ld, idx, n ? n : "", mem[i].type, depth);

		if (err)
			return err;
	}
	return 0;
}

static int btf_datasec(const struct btf *btf, const char *name)
{
	return btf ? btf__find_by_name_kind(btf, name, BTF_KIND_DATASEC) : -1;
}

static int collect_btf_maps(struct loader *ld)
{
	const struct btf *btf = ld->obj->btf;
	int id = btf_datasec(btf, ".maps");
	const struct btf_type *sec;
	const struct btf_var_secinfo *vs;

	if (id < 0)
		return ld->maps_sec >= 0 && ld->secs[ld->maps_sec].size
			? ld_error(ld, -EINVAL, ".maps without BTF") : 0;
	sec = btf__type_by_id(btf, id);
	vs = btf_var_secinfos(sec);
	for (int i = 0; i < btf_vlen(sec); i++) {
		const struct btf_type *var = btf__type_by_id(btf, vs[i].type);
		const char *name;
		int err;

		if (!var || !btf_is_var(var))
			return ld_error(ld, -EINVAL, ".maps: entry is not a variable");
		name = btf__name_by_offset(btf, var->name_off);
		if (!map_new(ld, name ? name : "", VM_MAP_USER, vs[i].offset))
			return -ENOMEM;
		err = parse_map_def(ld, (int)ld->obj->n_maps - 1, var->type, 0);
		if (err)
			return err;
	}
	return 0;
}

static bool is_data_section(const char *n, enum vm_map_kind *kind)
{
	if (!strcmp(n, ".data") || !strncmp(n, ".data.", 6))
		*kind = VM_MAP_DATA;
	else if (!strcmp(n, ".bss"))
		*kind = VM_MAP_BSS;
	else if (!strcmp(n, ".rodata") || !strncmp(n, ".rodata.", 8))
		*kind = VM_MAP_RODATA;
	else
		return false;
	return true;
}

static int collect_data_maps(struct loader *ld)
{
	for (size_t i = 1; i < ld->n_secs; i++) {
		struct ld_sec *s = &ld->secs[i];
		enum vm_map_kind kind;
		struct vm_map *m;
		int id;

		if (!(s->flags & SHF_ALLOC) || !s->size ||
		    !is_data_section(s->name, &kind))
			continue;
		if (!(m = map_new(ld, s->name, kind, 0)))
			return -ENOMEM;
		m->type = BPF_MAP_TYPE_ARRAY;
		m->key_size = 4;
		m->value_size = s->size;
		m->max_entries = 1;
		m->map_flags = BPF_F_MMAPABLE |
			       (kind == VM_MAP_RODATA ? BPF_F_RDONLY_PROG : 0);
		id = btf_datasec(ld->obj->btf, s->name);
		m->btf_value_type_id = id > 0 ? id : 0;
		m->btf_key_type_id = 0;
		m->init_data = kind == VM_MAP_BSS ? NULL : s->data;
		m->init_size = kind == VM_MAP_BSS ? 0 : s->size;
		s->map = (int)ld->obj->n_maps - 1;
	}
	return 0;
}

/*
 * Global __arena variables (.addr_space.1) live at the start of the one
 * arena map, as libbpf 1.4 lays them out: their bytes are its initial
 * data and an ld_imm64 of one is the arena's "map value" plus its offset.
 */
static int collect_arena_globals(struct loader *ld)
{
	const uint64_t page = 4096;
	struct ld_sec *s = NULL;
	struct vm_map *arena = NULL;

	for (size_t i = 1; i < ld->n_secs && !s; i++)
		if (!strcmp(ld->secs[i].name, ARENA_SEC))
			s = &ld->secs[i];
	for (size_t i = 0; i < ld->obj->n_maps; i++) {
		struct vm_map *m = &ld->obj->maps[i];

		if (m->type != VM_BPF_MAP_TYPE_ARENA)
			continue;
		if (arena)
			return ld_error(ld, -EINVAL, "maps %s and %s: only one arena "
					"map per object", arena->name, m->name);
		arena = m;
		ld->arena_map = (int)i;
	}
	if (!s)
		return 0;
	if (!arena)
		return ld_error(ld, -EINVAL, "%s without an arena map in .maps", ARENA_SEC);
	if (s->size > arena->max_entries * page)
		return ld_error(ld, -EINVAL, "map %s: %u pages cannot hold the %zu bytes "
				"of %s", arena->name, arena->max_entries, s->size, ARENA_SEC);
	arena->init_data = s->data;
	arena->init_size = s->data ? s->size : 0;
	s->map = ld->arena_map;
	return 0;
}

long ld_kconfig_offset(struct loader *ld, const char *name)
{
	struct vm_kconfig_var *v;
	long off = -1;
	int n;

	vm_kconfig_layout(ld->obj->btf, &v, &n);
	for (int i = 0; i < n && off < 0; i++)
		if (v[i].t && !strcmp(v[i].name, name))
			off = v[i].off;
	free(v);
	return off;
}

static int collect_kconfig(struct loader *ld)
{
	struct vm_kconfig_var *v;
	struct vm_map *m;
	int n;
	long size = vm_kconfig_layout(ld->obj->btf, &v, &n);

	free(v);
	if (size < 0)
		return 0;
	if (!(m = map_new(ld, ".kconfig", VM_MAP_KCONFIG, 0)))
		return -ENOMEM;
	m->type = BPF_MAP_TYPE_ARRAY;
	m->key_size = 4;
	m->value_size = size ? size : 8;
	m->max_entries = 1;
	m->map_flags = BPF_F_MMAPABLE | BPF_F_RDONLY_PROG;
	m->btf_value_type_id = btf_datasec(ld->obj->btf, ".kconfig");
	ld->kconfig_map = (int)ld->obj->n_maps - 1;
	return 0;
}

int ld_collect_maps(struct loader *ld)
{
	int err = collect_btf_maps(ld);

	if (!err)
		err = collect_arena_globals(ld);
	if (!err)
		err = collect_data_maps(ld);
	if (!err)
		err = collect_kconfig(ld);
	return err;
}
