/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * btf_access.c: loads through pointers to kernel objects: a BTF pointer's
 * field (check_ptr_to_btf_access, with the trust a walked pointer keeps)
 * and a map pointer's struct bpf_map (check_ptr_to_map_access).
 */
#include <stdio.h>
#include "verifier-model/env.h"
#include "verifier-model/kbtf.h"
#include "verifier-model/kbtf_types.h"
#include "verifier-model/memcheck.h"
#include "verifier-model/btf_access.h"

/*
 * check_ptr_to_btf_access's flags for a pointer read from parent's field,
 * as 6.18.44 answers (measured: testdata/btf-args/untrusted_walk): from
 * an untrusted pointer it stays untrusted; from a trusted one, a field
 * the kernel's BTF lists as safe is trusted (BTF_TYPE_SAFE_TRUSTED[_OR_NULL]),
 * or, in an RCU section (in_rcu_cs(): not sleepable, bpf_rcu_read_lock()
 * or a lock held), an RCU pointer (BTF_TYPE_SAFE_RCU[_OR_NULL]: plain in
 * the model, it passes the same checks); any other field is untrusted,
 * sleepable or not. From a plain pointer: plain (the old compat).
 */
static uint16_t walked_flags(const struct vm_env *env, const struct vm_reg *parent,
			     const char *field)
{
	bool in_rcu_cs = !env->prog->sleepable || env->cur->active_rcu || env->cur->lock_held;

	if (parent->flags & VM_F_UNTRUSTED)
		return VM_F_UNTRUSTED;
	if (!(parent->flags & VM_F_TRUSTED))
		return 0;
	if (vm_kbtf_safe_field(parent->btf_id, field, "__safe_trusted"))
		return VM_F_TRUSTED;
	if (vm_kbtf_safe_field(parent->btf_id, field, "__safe_trusted_or_null"))
		return VM_F_TRUSTED | VM_F_MAYBE_NULL;
	if (in_rcu_cs && vm_kbtf_safe_field(parent->btf_id, field, "__safe_rcu"))
		return 0;
	if (in_rcu_cs && vm_kbtf_safe_field(parent->btf_id, field, "__safe_rcu_or_null"))
		return VM_F_MAYBE_NULL;
	return VM_F_UNTRUSTED;
}

/* A read through a BTF pointer: a pointer field stays typed (btf_struct_access). */
int vm_btf_access(struct vm_env *env, const struct vm_reg *reg, int off, int size,
		      int dst, bool sx)
{
	struct vm_reg field;
	const char *name = NULL;
	char why[192];
	int ret = vm_kbtf_field(reg->btf_id, off, size, &field, &name, why, sizeof(why));

	if (ret < 0)
		return vm_env__reject(env, "%s", why);
	if (ret == 0 || dst < 0) {
		vm_load_unknown(env, dst, size, sx);
		return 0;
	}
	field.flags = walked_flags(env, reg, name);
	*vm_env__reg(env, dst) = field;
	return 0;
}

/*
 * check_ptr_to_map_access: a map pointer reads its struct bpf_map through
 * kernel BTF (privileged programs); the map type's own struct (bpf_array,
 * bpf_htab) begins with it, and the model knows only that part.
 */
static const char *map_struct_name(const struct vm_env *env, int map)
{
	switch (map >= 0 && (size_t)map < env->obj->n_maps ? env->obj->maps[map].type : 0) {
	case BPF_MAP_TYPE_ARRAY: case BPF_MAP_TYPE_PERCPU_ARRAY: case BPF_MAP_TYPE_PROG_ARRAY:
	case BPF_MAP_TYPE_PERF_EVENT_ARRAY: case BPF_MAP_TYPE_CGROUP_ARRAY:
	case BPF_MAP_TYPE_ARRAY_OF_MAPS:
		return "bpf_array";
	case BPF_MAP_TYPE_HASH: case BPF_MAP_TYPE_PERCPU_HASH: case BPF_MAP_TYPE_LRU_HASH:
	case BPF_MAP_TYPE_LRU_PERCPU_HASH: case BPF_MAP_TYPE_HASH_OF_MAPS:
		return "bpf_htab";
	default:
		return "bpf_map";
	}
}

int vm_map_ptr_access(struct vm_env *env, int regno, const struct vm_reg *reg, int off,
			  int size, bool write, int dst, bool sx)
{
	const char *name = map_struct_name(env, reg->map);
	struct vm_reg as_btf = *reg;
	char tn[48];

	as_btf.btf_id = vm_kbtf_struct_id("bpf_map");
	if (!as_btf.btf_id)
		return vm_env__reject(env, "R%d invalid mem access '%s'", regno,
				      vm_reg__type_name(reg, tn, sizeof(tn)));
	if (reg->off + off < 0)
		return vm_env__reject(env, "R%d is %s invalid negative access: off=%d", regno,
				      name, reg->off + off);
	if (write)
		return vm_env__reject(env, "only read from %s is supported", name);
	return vm_btf_access(env, &as_btf, reg->off + off, size, dst, sx);
}
