/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * libbpf 1.1's btf__new does not check that type references point at
 * existing types, and btf__align_of/btf__resolve_size recurse along them:
 * a damaged .BTF could crash or loop. Refuse any BTF whose references
 * dangle or whose by-value nesting (modifiers, typedefs, arrays, members,
 * variables) cycles or runs deeper than any real program's.
 */
#include <errno.h>
#include <stdlib.h>
#include <bpf/btf.h>
#include "verifier-model/obj_internal.h"

#define MAX_NESTING 64      /* by-value levels */
#define MAX_DEPTH 10000     /* of the walk itself, pointers included */

static int n_refs(const struct btf_type *t)
{
	switch (btf_kind(t)) {
	case BTF_KIND_PTR: case BTF_KIND_FUNC: case BTF_KIND_TYPEDEF:
	case BTF_KIND_VOLATILE: case BTF_KIND_CONST: case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPE_TAG: case BTF_KIND_VAR: case BTF_KIND_DECL_TAG:
		return 1;
	case BTF_KIND_ARRAY:
		return 2;
	case BTF_KIND_FUNC_PROTO:
		return 1 + btf_vlen(t);
	case BTF_KIND_STRUCT: case BTF_KIND_UNION: case BTF_KIND_DATASEC:
		return btf_vlen(t);
	default:
		return 0;
	}
}

/* The i-th type t refers to; *by_value unless through a pointer/prototype. */
static uint32_t ref_at(const struct btf_type *t, int i, bool *by_value)
{
	*by_value = true;
	switch (btf_kind(t)) {
	case BTF_KIND_ARRAY:
		return i ? btf_array(t)->index_type : btf_array(t)->type;
	case BTF_KIND_FUNC_PROTO:
		*by_value = false;
		return i ? btf_params(t)[i - 1].type : t->type;
	case BTF_KIND_STRUCT: case BTF_KIND_UNION:
		return btf_members(t)[i].type;
	case BTF_KIND_DATASEC:
		return btf_var_secinfos(t)[i].type;
	case BTF_KIND_PTR: case BTF_KIND_FUNC:
		*by_value = false;
		return t->type;
	default:
		return t->type;
	}
}

static int visit(const struct btf *btf, uint32_t id, uint32_t n_types,
		 unsigned char *state, int nesting, int depth)
{
	const struct btf_type *t;

	if (id >= n_types)
		return -EINVAL;
	if (id == 0 || state[id] == 2)
		return 0;
	if (state[id] == 1)
		return -ELOOP;
	if (nesting > MAX_NESTING || depth > MAX_DEPTH)
		return -E2BIG;
	if (!(t = btf__type_by_id(btf, id)))
		return -EINVAL;
	state[id] = 1;
	for (int i = 0, n = n_refs(t); i < n; i++) {
		bool by_value;
		uint32_t ref = ref_at(t, i, &by_value);
		int err;

		/*
		 * libbpf's size/alignment walks stop at pointers and prototypes,
		 * so only by-value references need the walk; the others need to
		 * exist. (Following pointers too ran past MAX_DEPTH on vmlinux.h.)
		 */
		if (!by_value) {
			if (ref >= n_types)
				return -EINVAL;
			continue;
		}
		err = visit(btf, ref, n_types, state, nesting + 1, depth + 1);
		if (err)
			return err;
	}
	state[id] = 2;
	return 0;
}

/*
 * Every name offset must land in the string section, as the kernel's
 * btf_name_offset_valid demands ("Invalid name"): libbpf 1.1 does not
 * check, and btf__name_by_offset then returns NULL to every caller.
 */
static bool names_valid(const struct btf *btf, const struct btf_type *t)
{
	int n = btf_vlen(t);

	if (!btf__name_by_offset(btf, t->name_off))
		return false;
	switch (btf_kind(t)) {
	case BTF_KIND_STRUCT: case BTF_KIND_UNION:
		for (int i = 0; i < n; i++)
			if (!btf__name_by_offset(btf, btf_members(t)[i].name_off))
				return false;
		return true;
	case BTF_KIND_ENUM:
		for (int i = 0; i < n; i++)
			if (!btf__name_by_offset(btf, btf_enum(t)[i].name_off))
				return false;
		return true;
	case BTF_KIND_ENUM64:
		for (int i = 0; i < n; i++)
			if (!btf__name_by_offset(btf, btf_enum64(t)[i].name_off))
				return false;
		return true;
	case BTF_KIND_FUNC_PROTO:
		for (int i = 0; i < n; i++)
			if (!btf__name_by_offset(btf, btf_params(t)[i].name_off))
				return false;
		return true;
	default:
		return true;
	}
}

static int check_names(struct loader *ld, const struct btf *btf, uint32_t n)
{
	for (uint32_t id = 1; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);

		if (t && !names_valid(btf, t))
			return ld_error(ld, -EINVAL, ".BTF: type [%u] has an invalid name offset", id);
	}
	return 0;
}

int ld_check_btf(struct loader *ld)
{
	const struct btf *btf = ld->obj->btf;
	uint32_t n = btf__type_cnt(btf);
	unsigned char *state = calloc(n ? n : 1, 1);
	int err = 0;

	if (!state)
		return -ENOMEM;
	err = check_names(ld, btf, n);
	if (err) {
		free(state);
		return err;
	}
	for (uint32_t id = 1; id < n && !err; id++)
		err = visit(btf, id, n, state, 0, 0);
	free(state);
	if (err)
		return ld_error(ld, -EINVAL, ".BTF: %s", err == -EINVAL
				? "a type refers to a missing type"
				: "type nesting cycles or is too deep");
	return 0;
}

/*
 * Alignment of type id, or -1. libbpf 1.1's btf__align_of follows member
 * and element ids without checking them and crashes on a corrupt object
 * (found by fuzzing): this one checks every id it follows.
 */
static long align_at(const struct btf *btf, unsigned id, int depth)
{
	const struct btf_type *t = id < btf__type_cnt(btf) ? btf__type_by_id(btf, id) : NULL;
	long a = 1;

	if (!t || depth > 32)
		return -1;
	switch (btf_kind(t)) {
	case BTF_KIND_INT: case BTF_KIND_ENUM: case BTF_KIND_ENUM64: case BTF_KIND_FLOAT:
		return t->size && t->size <= 16 ? (long)(t->size < 8 ? t->size : 8) : -1;
	case BTF_KIND_PTR:
		return 8;
	case BTF_KIND_TYPEDEF: case BTF_KIND_VOLATILE: case BTF_KIND_CONST:
	case BTF_KIND_RESTRICT: case BTF_KIND_TYPE_TAG:
		return align_at(btf, t->type, depth + 1);
	case BTF_KIND_ARRAY:
		return align_at(btf, btf_array(t)->type, depth + 1);
	case BTF_KIND_STRUCT: case BTF_KIND_UNION:
		for (int i = 0; i < btf_vlen(t); i++) {
			long m = align_at(btf, btf_members(t)[i].type, depth + 1);

			if (m < 0)
				return -1;
			a = m > a ? m : a;
		}
		return a;
	default:
		return -1;
	}
}

long vm_btf_align_of(const struct btf *btf, unsigned id)
{
	return align_at(btf, id, 0);
}
