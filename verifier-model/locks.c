/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * locks.c: bpf_spin_lock and bpf_timer fields of map values (the kernel's
 * btf_record): where they sit, that only their helpers touch them, and
 * the one lock a program may hold (process_spin_lock).
 */
#include <bpf/btf.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>
#include "verifier-model/env.h"
#include "verifier-model/locks.h"

/* Offset of a member of struct type name inside type id (nested structs, arrays no), or -1. */
static int find_field(const struct btf *btf, uint32_t id, const char *name, int depth)
{
	const struct btf_type *t = btf__type_by_id(btf, id);

	while (t && (btf_is_typedef(t) || btf_is_mod(t) || btf_is_var(t)))
		t = btf__type_by_id(btf, t->type);
	if (!t || depth > 8)
		return -1;
	if (btf_is_datasec(t)) {
		const struct btf_var_secinfo *v = btf_var_secinfos(t);

		for (int i = 0; i < btf_vlen(t); i++) {
			int o = find_field(btf, v[i].type, name, depth + 1);

			if (o >= 0)
				return (int)v[i].offset + o;
		}
		return -1;
	}
	if (!btf_is_composite(t))
		return -1;
	if (btf_is_struct(t) && t->name_off && !strcmp(btf__name_by_offset(btf, t->name_off), name))
		return 0;
	for (int i = 0; i < btf_vlen(t); i++) {
		int o = find_field(btf, btf_members(t)[i].type, name, depth + 1);

		if (o >= 0)
			return (int)(btf_member_bit_offset(t, i) / 8) + o;
	}
	return -1;
}

int vm_map_field_off(const struct vm_object *obj, int map, const char *name)
{
	const struct vm_map *m;

	if (!obj->btf || map < 0 || (size_t)map >= obj->n_maps)
		return -1;
	m = &obj->maps[map];
	return m->btf_value_type_id ? find_field(obj->btf, m->btf_value_type_id, name, 0) : -1;
}

/*
 * vm_map_field_off of field i of map, looked up once per run: every
 * constant-offset map value access asks (a BTF walk each time cost 4% of
 * a million-insn walk).
 */
static int special_field_off(struct vm_env *env, int map, size_t i, const char *name)
{
	int *at;

	if (map < 0 || (size_t)map >= env->obj->n_maps)
		return vm_map_field_off(env->obj, map, name);
	if (!env->special_at)
		env->special_at = calloc(env->obj->n_maps * 2, sizeof(int));
	if (!env->special_at)
		return vm_map_field_off(env->obj, map, name);
	at = &env->special_at[(size_t)map * 2 + i];
	if (!*at)
		*at = vm_map_field_off(env->obj, map, name) + 2;
	return *at - 2;
}

int vm_check_special_fields(struct vm_env *env, int map, int off, int size)
{
	static const struct { const char *name; int size; } f[] = {
		{ "bpf_spin_lock", 4 }, { "bpf_timer", 16 },
	};

	for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
		int at = special_field_off(env, map, i, f[i].name);

		if (at >= 0 && off < at + f[i].size && off + size > at)
			return vm_env__reject(env, "%s cannot be accessed directly by load/store",
					      f[i].name);
	}
	return 0;
}

static bool tracing_type(enum bpf_prog_type t)
{
	return t == BPF_PROG_TYPE_KPROBE || t == BPF_PROG_TYPE_TRACEPOINT ||
	       t == BPF_PROG_TYPE_PERF_EVENT || t == BPF_PROG_TYPE_RAW_TRACEPOINT ||
	       t == BPF_PROG_TYPE_RAW_TRACEPOINT_WRITABLE;
}

static bool has_field(struct vm_env *env, int map, const char *name)
{
	return vm_map_field_off(env->obj, map, name) >= 0;
}

/* check_map_prog_compatibility: special fields tracing programs may not hold */
int vm_check_map_compat(struct vm_env *env, int map)
{
	enum bpf_prog_type t = env->prog->type;
	bool tracing = tracing_type(t);

	if (tracing && (has_field(env, map, "bpf_list_head") || has_field(env, map, "bpf_rb_root")))
		return vm_env__reject(env, "tracing progs cannot use bpf_{list_head,rb_root} yet");
	if (has_field(env, map, "bpf_spin_lock")) {
		if (t == BPF_PROG_TYPE_SOCKET_FILTER)
			return vm_env__reject(env, "socket filter progs cannot use bpf_spin_lock yet");
		if (tracing)
			return vm_env__reject(env, "tracing progs cannot use bpf_spin_lock yet");
	}
	if (tracing && has_field(env, map, "bpf_timer"))
		return vm_env__reject(env, "tracing progs cannot use bpf_timer yet");
	if (tracing && has_field(env, map, "bpf_wq"))
		return vm_env__reject(env, "tracing progs cannot use bpf_wq yet");
	return 0;
}

int vm_spin_lock_arg(struct vm_env *env, int regno, bool lock)
{
	const struct vm_reg *r = vm_env__reg(env, regno);
	struct vm_state *st = env->cur;
	const char *fn = lock ? "bpf_spin_lock" : "bpf_spin_unlock";
	int at;

	if (r->type != VM_PTR_MAP_VALUE || (r->flags & VM_F_MAYBE_NULL)) {
		char tn[48];

		return vm_env__reject(env, "R%d type=%s expected=map_value", regno,
				      vm_reg__type_name(r, tn, sizeof(tn)));
	}
	if (!scalar_is_const(&r->s))
		return vm_env__reject(env, "R%d doesn't have constant offset. %s has to be at the constant offset",
				      regno, fn);
	at = vm_map_field_off(env->obj, r->map, "bpf_spin_lock");
	if (at < 0)
		return vm_env__reject(env, "map '%s' has no valid bpf_spin_lock",
				      env->obj->maps[r->map].name);
	if (at != r->off + (int)scalar_const_value(&r->s))
		return vm_env__reject(env, "off %d doesn't point to 'struct bpf_spin_lock' that is at %d",
				      r->off + (int)scalar_const_value(&r->s), at);
	if (lock) {
		if (st->lock_held)
			return vm_env__reject(env, "Locking two bpf_spin_locks are not allowed");
		st->lock_held = true;
		st->lock_map = r->map;
		st->lock_id = r->id;
		return 0;
	}
	if (!st->lock_held)
		return vm_env__reject(env, "bpf_spin_unlock without taking a lock");
	if (st->lock_map != r->map || st->lock_id != r->id)
		return vm_env__reject(env, "bpf_spin_unlock of different lock");
	st->lock_held = false;
	return 0;
}
