/* SPDX-License-Identifier: GPL-2.0-only */
/* kbtf_types.c: BTF-typed pointers (the kernel's btf_ctx_access and struct walk) over the kernel BTF. */
#include <bpf/btf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>
#include "verifier-model/kbtf.h"
#include "verifier-model/kbtf_types.h"

/* Through typedefs and qualifiers to the type that decides the access. */
static uint32_t skip_mods(uint32_t id, const struct btf_type **out)
{
	const struct btf_type *t = btf__type_by_id(vm_kbtf(), id);

	while (t && (btf_is_typedef(t) || btf_is_mod(t))) {
		id = t->type;
		t = btf__type_by_id(vm_kbtf(), id);
	}
	*out = t;
	return id;
}

/* id of the struct or union a pointer type points to, or 0. */
static uint32_t pointee_struct(const struct btf_type *ptr)
{
	const struct btf_type *t;
	uint32_t id;

	if (!ptr || !btf_is_ptr(ptr))
		return 0;
	id = skip_mods(ptr->type, &t);
	return t && btf_is_composite(t) ? id : 0;
}

static void set_btf_ptr(struct vm_reg *d, uint32_t id, uint16_t flags)
{
	vm_reg__mark_unknown(d);
	scalar_set_const(&d->s, 0);
	d->type = VM_PTR_BTF;
	d->btf_id = id;
	d->flags = flags;
}

/* The prototype a tracing or LSM program's ctx mirrors, and how many leading params it hides. */
static const struct btf_type *ctx_proto(const struct vm_prog *prog, int *skip)
{
	char name[192];
	const struct btf_type *t;
	uint32_t id = 0;

	*skip = 0;
	if (!prog->attach_to)
		return NULL;
	switch (prog->expected_attach_type) {
	case BPF_TRACE_FENTRY: case BPF_TRACE_FEXIT: case BPF_MODIFY_RETURN:
		id = vm_kbtf_named(prog->attach_to, BTF_KIND_FUNC);
		break;
	case BPF_LSM_MAC:
		snprintf(name, sizeof(name), "bpf_lsm_%s", prog->attach_to);
		id = vm_kbtf_named(name, BTF_KIND_FUNC);
		break;
	case BPF_TRACE_RAW_TP:
		/* typedef void (*btf_trace_X)(void *__data, args...) */
		snprintf(name, sizeof(name), "btf_trace_%s", prog->attach_to);
		id = vm_kbtf_named(name, BTF_KIND_TYPEDEF);
		*skip = 1;
		break;
	default:
		return NULL;
	}
	if (!id)
		return NULL;
	skip_mods(btf__type_by_id(vm_kbtf(), id)->type, &t);
	if (t && btf_is_ptr(t))
		skip_mods(t->type, &t);
	return t && btf_is_func_proto(t) ? t : NULL;
}

/* Arguments the kernel trusts (prog_args_trusted): tp_btf, iter, LSM. */
static bool args_trusted(const struct vm_prog *prog)
{
	return prog->expected_attach_type == BPF_TRACE_RAW_TP ||
	       prog->expected_attach_type == BPF_TRACE_ITER ||
	       prog->type == BPF_PROG_TYPE_LSM;
}

/* bpf_iter__X: ctx points to that struct; its task/map/... fields may be NULL. */
static int iter_ctx_field(const struct vm_prog *prog, int off, struct vm_reg *d)
{
	char name[192];
	uint32_t sid;
	char why[8];
	int ret;

	snprintf(name, sizeof(name), "bpf_iter__%s", prog->attach_to);
	sid = vm_kbtf_struct_id(name);
	if (!sid)
		return 0;
	ret = vm_kbtf_field(sid, off, 8, d, NULL, why, sizeof(why));
	if (ret != 1)
		return 0;
	d->flags = VM_F_TRUSTED | (off ? VM_F_MAYBE_NULL : 0);
	return 1;
}

int vm_kbtf_ctx_arg(const struct vm_prog *prog, int off, struct vm_reg *d)
{
	const struct btf_type *proto, *t;
	const struct btf_param *p;
	int skip, arg = off / 8, nargs;
	uint32_t sid;

	if (!vm_kbtf() || off < 0 || off % 8)
		return 0;
	if (prog->expected_attach_type == BPF_TRACE_ITER && prog->attach_to)
		return iter_ctx_field(prog, off, d);
	proto = ctx_proto(prog, &skip);
	if (!proto)
		return 0;
	nargs = btf_vlen(proto) - skip;
	p = btf_params(proto) + skip;
	if (arg < nargs)
		skip_mods(p[arg].type, &t);
	else if (arg == nargs && prog->expected_attach_type == BPF_TRACE_FEXIT)
		skip_mods(proto->type, &t);	/* fexit: the return value */
	else
		return 0;
	sid = pointee_struct(t);
	if (!sid)
		return 0;
	set_btf_ptr(d, sid, args_trusted(prog) ? VM_F_TRUSTED : 0);
	return 1;
}

/* The member of composite t holding byte off, or -1. */
static int member_at(const struct btf_type *t, int off, int *moff)
{
	const struct btf_member *m = btf_members(t);

	for (int i = 0; i < btf_vlen(t); i++) {
		long size = btf__resolve_size(vm_kbtf(), m[i].type);
		int start = (int)(btf_member_bit_offset(t, i) / 8);

		if (btf_member_bitfield_size(t, i) || size <= 0)
			continue;
		if (off >= start && off < start + size) {
			*moff = start;
			return i;
		}
	}
	return -1;
}

int vm_kbtf_safe_field(uint32_t btf_id, const char *field, const char *suffix)
{
	const struct btf_type *t;
	const struct btf_member *m;
	char name[256];
	uint32_t safe;

	if (!vm_kbtf() || !field || !btf_id)
		return 0;
	skip_mods(btf_id, &t);
	if (!t || !t->name_off ||
	    snprintf(name, sizeof(name), "%s%s", btf__name_by_offset(vm_kbtf(), t->name_off),
		     suffix) >= (int)sizeof(name))
		return 0;
	safe = vm_kbtf_named(name, BTF_KIND_STRUCT);
	if (!safe)
		return 0;
	t = btf__type_by_id(vm_kbtf(), safe);
	m = btf_members(t);
	for (int i = 0; i < btf_vlen(t); i++)
		if (!strcmp(btf__name_by_offset(vm_kbtf(), m[i].name_off), field))
			return 1;
	return 0;
}

int vm_kbtf_field(uint32_t btf_id, int off, int size, struct vm_reg *d,
		  const char **field, char *why, size_t whylen)
{
	const struct btf_type *t, *mt;
	int depth = 0, moff, i;

	if (!vm_kbtf() || !btf_id)
		return 0;
	skip_mods(btf_id, &t);
	if (!t || !btf_is_composite(t))
		return 0;
	if (off < 0 || (uint32_t)(off + size) > t->size) {
		snprintf(why, whylen, "access beyond struct %s at off %d size %d",
			 btf__name_by_offset(vm_kbtf(), t->name_off), off, size);
		return -1;
	}
	/* down through embedded structs and arrays to the field itself */
	while (depth++ < 32 && (i = member_at(t, off, &moff)) >= 0) {
		skip_mods(btf_members(t)[i].type, &mt);
		off -= moff;
		while (mt && btf_is_array(mt)) {
			const struct btf_array *a = btf_array(mt);
			long esz = btf__resolve_size(vm_kbtf(), a->type);

			if (esz <= 0)
				return 0;
			off %= (int)esz;
			skip_mods(a->type, &mt);
		}
		if (!mt)
			return 0;
		if (btf_is_composite(mt)) {
			t = mt;
			continue;
		}
		if (btf_is_ptr(mt) && off == 0 && size == 8 && pointee_struct(mt)) {
			set_btf_ptr(d, pointee_struct(mt), 0);
			if (field)
				*field = btf__name_by_offset(vm_kbtf(), btf_members(t)[i].name_off);
			return 1;
		}
		return 0;
	}
	return 0;
}

int vm_kbtf_struct_is(uint32_t btf_id, const char *want)
{
	const struct btf_type *t;

	if (!vm_kbtf() || !btf_id || !want)
		return -1;
	/* btf_struct_ids_match at offset 0: the struct or its first member, down */
	for (int depth = 0; depth < 16; depth++) {
		btf_id = skip_mods(btf_id, &t);
		if (!t || !btf_is_composite(t))
			return 0;
		if (t->name_off && !strcmp(btf__name_by_offset(vm_kbtf(), t->name_off), want))
			return 1;
		if (!btf_vlen(t) || btf_member_bit_offset(t, 0))
			return 0;
		btf_id = btf_members(t)[0].type;
	}
	return 0;
}

const char *vm_kbtf_name(uint32_t btf_id)
{
	const struct btf_type *t;

	if (!vm_kbtf() || !btf_id)
		return "?";
	skip_mods(btf_id, &t);
	return t && t->name_off ? btf__name_by_offset(vm_kbtf(), t->name_off) : "?";
}

void vm_kbtf_mem_or_btf(uint32_t type_id, uint8_t flags, struct vm_reg *d)
{
	const struct btf_type *t = NULL;
	long size;

	if (vm_kbtf() && type_id)
		skip_mods(type_id, &t);
	set_btf_ptr(d, type_id, flags);
	if (!t || btf_is_composite(t))
		return;
	/* btf_resolve_size of a scalar ksym: memory the program may only read */
	size = btf__resolve_size(vm_kbtf(), type_id);
	d->type = VM_PTR_MEM;
	d->btf_id = 0;
	d->flags = flags | VM_F_RDONLY;
	d->mem_size = size > 0 ? (uint32_t)size : 0;
}
