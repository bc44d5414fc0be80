/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * obj_core.c: CO-RE relocations as libbpf applies them before loading,
 * for the kinds that change what the verifier walks: field and type
 * existence (bpf_core_field_exists/bpf_core_type_exists, whose constant
 * decides a branch) and field byte offsets; an insn relocated to a field
 * the kernel lacks is poisoned as libbpf poisons it. They are resolved against
 * the kernel's BTF by name, a local "name___flavour" matching the
 * kernel's "name", as libbpf does. Other kinds stay as compiled.
 */
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>
#include "verifier-model/kbtf.h"
#include "verifier-model/obj_internal.h"

/* enum bpf_core_relo_kind values (linux/bpf.h) */
enum { CORE_FIELD_BYTE_OFFSET = 0, CORE_FIELD_BYTE_SIZE = 1, CORE_FIELD_EXISTS = 2,
       CORE_FIELD_SIGNED = 3, CORE_FIELD_LSHIFT_U64 = 4, CORE_FIELD_RSHIFT_U64 = 5,
       CORE_TYPE_EXISTS = 8 };
#define VM_CORE_POISON 0xbad2310   /* libbpf's poisoned-relocation call */

static const struct btf_type *skip_mods(const struct btf *b, uint32_t *id)
{
	const struct btf_type *t = btf__type_by_id(b, *id);

	while (t && (btf_is_typedef(t) || btf_is_mod(t))) {
		*id = t->type;
		t = btf__type_by_id(b, *id);
	}
	return t;
}

/* The kernel type of local type id's name without its ___flavour: its id, 0 none, -1 unknown. */
static long kernel_match(const struct btf *local, uint32_t id)
{
	const struct btf_type *t = btf__type_by_id(local, id);
	const char *name, *flav;
	char ess[128];
	size_t len;
	int kind;

	if (!t || !t->name_off || !vm_kbtf())
		return -1;
	kind = btf_kind(t);
	if (kind != BTF_KIND_STRUCT && kind != BTF_KIND_UNION && kind != BTF_KIND_TYPEDEF)
		return -1;
	name = btf__name_by_offset(local, t->name_off);
	flav = name ? strstr(name, "___") : NULL;
	len = flav ? (size_t)(flav - name) : name ? strlen(name) : 0;
	if (!len || len >= sizeof(ess))
		return -1;
	memcpy(ess, name, len);
	ess[len] = '\0';
	return vm_kbtf_named(ess, kind);
}

/*
 * Member name of struct/union id (its type, bit offset and bitfield size,
 * 0 if not a bitfield), through anonymous members.
 */
static bool find_member(const struct btf *b, uint32_t id, const char *name,
			uint32_t *type, long *bits, int *bf, int depth)
{
	const struct btf_type *t = btf__type_by_id(b, id);
	const struct btf_member *m = btf_members(t);

	for (int i = 0; i < btf_vlen(t); i++) {
		const char *mn = btf__name_by_offset(b, m[i].name_off);
		long off = *bits + btf_member_bit_offset(t, i);
		uint32_t sub = m[i].type;
		const struct btf_type *st;

		if (mn && *mn) {
			if (strcmp(mn, name))
				continue;
			*type = m[i].type;
			*bits = off;
			*bf = btf_member_bitfield_size(t, i);
			return true;
		}
		st = skip_mods(b, &sub);
		if (depth < 8 && st && btf_is_composite(st) &&
		    find_member(b, sub, name, type, &off, bf, depth + 1)) {
			*bits = off;
			return true;
		}
	}
	return false;
}

/* libbpf's field compatibility: any two composites, ints and enums, same kinds. */
static bool same_class(const struct btf_type *a, const struct btf_type *b)
{
	int ka = btf_kind(a), kb = btf_kind(b);
	bool ia = ka == BTF_KIND_INT || ka == BTF_KIND_ENUM || ka == BTF_KIND_ENUM64;
	bool ib = kb == BTF_KIND_INT || kb == BTF_KIND_ENUM || kb == BTF_KIND_ENUM64;

	return ka == kb || (ia && ib) || (btf_is_composite(a) && btf_is_composite(b));
}

/* A field as the kernel lays it out. */
struct kfield {
	long bits;   /* bit offset from the root pointer */
	int bf_bits; /* bitfield size, 0 if not a bitfield */
	long mem_sz; /* its type's size, negative if unknown */
};

/*
 * The access path acc ("0:1:2": an index on the root pointer, then
 * member or array indexes) from local type lid, in the kernel: 1 with
 * *f its place, 0 if the kernel has no such field, -1 unknown.
 */
static int resolve_field(const struct btf *local, uint32_t lid, const char *acc,
			 struct kfield *f)
{
	long *bits = &f->bits;
	int *bf = &f->bf_bits;
	const struct btf *k = vm_kbtf();
	const struct btf_type *lt = skip_mods(local, &lid), *kt;
	long kid = kernel_match(local, lid), size;
	uint32_t kt_id;
	char *end;
	unsigned long idx = strtoul(acc, &end, 10);

	if (kid <= 0 || end == acc)
		return (int)kid;
	kt_id = (uint32_t)kid;
	kt = skip_mods(k, &kt_id);
	if ((size = btf__resolve_size(k, kt_id)) < 0)
		return -1;
	*bits = (long)idx * size * 8;
	*bf = 0;
	while (*end == ':') {
		acc = end + 1;
		idx = strtoul(acc, &end, 10);
		if (end == acc || !lt || !kt)
			return -1;
		if (btf_is_composite(lt)) {
			const char *name;

			if (!btf_is_composite(kt))
				return 0;
			if (idx >= (unsigned long)btf_vlen(lt))
				return -1;
			name = btf__name_by_offset(local, btf_members(lt)[idx].name_off);
			if (!name)
				return -1;
			lid = btf_members(lt)[idx].type;
			if (!*name) {
				/* libbpf matches by the named members only: an anonymous
				 * struct or union is looked through on both sides */
				lt = skip_mods(local, &lid);
				continue;
			}
			if (!find_member(k, kt_id, name, &kt_id, bits, bf, 0))
				return 0;
		} else if (btf_is_array(lt)) {
			if (!btf_is_array(kt))
				return 0;
			lid = btf_array(lt)->type;
			kt_id = btf_array(kt)->type;
			if ((size = btf__resolve_size(k, kt_id)) < 0)
				return -1;
			*bits += (long)idx * size * 8;
			*bf = 0;
		} else {
			return -1;
		}
		lt = skip_mods(local, &lid);
		kt = skip_mods(k, &kt_id);
		if (!lt || !kt || !same_class(lt, kt))
			return 0;
	}
	f->mem_sz = btf__resolve_size(k, kt_id);
	return 1;
}

/*
 * The byte offset libbpf writes into a load of field f
 * (bpf_core_calc_field_relo): a bitfield is read with the smallest
 * naturally aligned load of at least its type's size that holds it;
 * -1 when none does.
 */
static long field_byte_offset(const struct kfield *f)
{
	long sz = f->mem_sz, off;

	if (!f->bf_bits)
		return f->bits % 8 ? -1 : f->bits / 8;
	if (sz <= 0)
		return -1;
	off = f->bits / 8 / sz * sz;
	while (f->bits + f->bf_bits - off * 8 > sz * 8) {
		if (sz >= 8)
			return -1;
		sz *= 2;
		off = f->bits / 8 / sz * sz;
	}
	return off;
}

static bool is_mov_k(const struct bpf_insn *in)
{
	int cls = BPF_CLASS(in->code);

	return (cls == BPF_ALU || cls == BPF_ALU64) && BPF_OP(in->code) == BPF_MOV &&
	       BPF_SRC(in->code) == BPF_K;
}

static bool is_ld_imm64(const struct bpf_insn *in)
{
	return in->code == (BPF_LD | BPF_DW | BPF_IMM);
}

/* Write value into insn (room: insns left including it) where libbpf would. */
static void patch(struct bpf_insn *in, size_t room, int kind, long value)
{
	int cls = BPF_CLASS(in->code);

	if (is_ld_imm64(in)) {
		if (room < 2)
			return;
		in[0].imm = (int32_t)value;
		in[1].imm = 0;
	} else if (is_mov_k(in) || (kind == CORE_FIELD_BYTE_OFFSET &&
				    (cls == BPF_ALU || cls == BPF_ALU64) && BPF_SRC(in->code) == BPF_K)) {
		in->imm = (int32_t)value;
	} else if (kind == CORE_FIELD_BYTE_OFFSET &&
		   (cls == BPF_LDX || cls == BPF_ST || cls == BPF_STX) && value <= INT16_MAX) {
		in->off = (int16_t)value;
	}
}

/*
 * A field the kernel lacks: libbpf turns the insn into "call 0xbad2310"
 * (both halves of an ld_imm64), which the verifier refuses as an invalid
 * func if, and only if, it is reached.
 */
static void poison(struct bpf_insn *in, size_t room)
{
	size_t n = is_ld_imm64(in) && room >= 2 ? 2 : 1;

	for (size_t i = 0; i < n; i++)
		in[i] = (struct bpf_insn){ .code = BPF_JMP | BPF_CALL, .imm = VM_CORE_POISON };
}

static void apply_one(struct loader *ld, const struct ld_ext_rec *r, struct bpf_insn *in,
		      size_t room)
{
	const struct btf *local = ld->obj->btf;
	const char *acc = btf__name_by_offset(local, r->b);
	struct kfield f = { 0 };
	long t, off;
	int ok;

	switch (r->c) {
	case CORE_TYPE_EXISTS:
		t = kernel_match(local, r->a);
		if (t >= 0)
			patch(in, room, CORE_TYPE_EXISTS, t > 0);
		break;
	case CORE_FIELD_EXISTS:
		ok = acc ? resolve_field(local, r->a, acc, &f) : -1;
		if (ok >= 0)
			patch(in, room, CORE_FIELD_EXISTS, ok);
		break;
	case CORE_FIELD_BYTE_OFFSET: case CORE_FIELD_BYTE_SIZE: case CORE_FIELD_SIGNED:
	case CORE_FIELD_LSHIFT_U64: case CORE_FIELD_RSHIFT_U64:
		ok = acc ? resolve_field(local, r->a, acc, &f) : -1;
		if (ok == 0)
			poison(in, room);
		else if (ok == 1 && r->c == CORE_FIELD_BYTE_OFFSET &&
			 (off = field_byte_offset(&f)) >= 0)
			patch(in, room, CORE_FIELD_BYTE_OFFSET, off);
		break;
	default:
		break;
	}
}

void ld_core_apply(struct loader *ld, const char *sec_name, size_t off, size_t len,
		   struct bpf_insn *out)
{
	if (!ld->obj->btf || !vm_kbtf())
		return;
	for (size_t i = 0; i < ld->n_ext; i++) {
		const struct ld_ext_sec *e = &ld->ext[i];

		if (strcmp(e->sec_name, sec_name))
			continue;
		for (size_t j = 0; j < e->n_core; j++) {
			const struct ld_ext_rec *r = &e->core[j];

			if (r->insn >= off && r->insn < off + len)
				apply_one(ld, r, &out[r->insn - off], off + len - r->insn);
		}
	}
}
