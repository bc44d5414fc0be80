/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * calls.c: helper and kfunc calls (check_helper_call, check_kfunc_call):
 * arguments checked against the signature tables, references, return
 * values, the constant-key array lookup (open-coded iterators: iter.c).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "verifier-model/release.h"
#include "verifier-model/helpers.h"
#include "verifier-model/kbtf.h"
#include "verifier-model/kbtf_types.h"
#include "verifier-model/insn.h"
#include "verifier-model/locks.h"
#include "verifier-model/ctx.h"
#include "verifier-model/map_compat.h"
#include "verifier-model/kfunc_ptrs.h"
#include "verifier-model/memcheck.h"
#include "verifier-model/calls.h"
#include "verifier-model/subprog.h"
#include "verifier-model/precision.h"
#include "verifier-model/stack_extra.h"
#include "verifier-model/dynptr.h"
#include "verifier-model/exec.h"
#include "verifier-model/iter.h"

uint32_t vm_acquire_ref(struct vm_env *env, int insn)
{
	struct vm_state *st = env->cur;

	if (st->nrefs >= 16)
		return 0;
	st->refs[st->nrefs] = ++env->id_gen;
	st->ref_insn[st->nrefs] = insn;
	return st->refs[st->nrefs++];
}

int vm_release_ref(struct vm_env *env, uint32_t ref)
{
	struct vm_state *st = env->cur;

	for (int i = 0; i < st->nrefs; i++) {
		if (st->refs[i] != ref)
			continue;
		st->nrefs--;
		st->refs[i] = st->refs[st->nrefs];
		st->ref_insn[i] = st->ref_insn[st->nrefs];
		for (int f = 0; f <= st->curframe; f++) {
			struct vm_frame *fr = st->frame[f];

			for (int r = 0; r < VM_MAX_REG; r++)
				if (fr->regs[r].ref_obj_id == ref)
					vm_reg__mark_unknown(&fr->regs[r]);
			for (int s = 0; s < fr->nslots; s++)
				if (fr->slots[s].type[0] == VM_SLOT_SPILL &&
				    fr->slots[s].spilled.ref_obj_id == ref)
					vm_reg__mark_unknown(&fr->slots[s].spilled);
		}
		return 0;
	}
	return vm_env__reject(env, "release kernel function called with unreferenced arg");
}

static int expect(struct vm_env *env, int regno, const char *want)
{
	char tn[48];

	return vm_env__reject(env, "R%d type=%s expected=%s", regno,
			      vm_reg__type_name(vm_env__reg(env, regno), tn, sizeof(tn)), want);
}

static bool is_const_zero(const struct vm_reg *r)
{
	return r->type == VM_SCALAR && scalar_is_const(&r->s) && !scalar_const_value(&r->s);
}

/* check_mem_size_reg: the size in regno bounds the memory in regno-1. */
static int mem_size_arg(struct vm_env *env, int regno, bool write, bool zero_ok, long *max)
{
	struct vm_reg *r = vm_env__reg(env, regno);

	if (r->type != VM_SCALAR)
		return expect(env, regno, "scalar");
	if (r->s.smin < 0)
		return vm_env__reject(env, "R%d min value is negative, either use unsigned or 'var &= const'",
				      regno);
	if (r->s.umin == 0 && !zero_ok)
		return vm_env__reject(env, "R%d invalid zero-sized read: u64=[%llu,%llu]", regno,
				      (unsigned long long)r->s.umin, (unsigned long long)r->s.umax);
	if (r->s.umax >= VM_MAX_VAR_OFF)
		return vm_env__reject(env, "R%d unbounded memory access, use 'var &= const' or 'if (var < const)'",
				      regno);
	*max = (long)r->s.umax;
	if (is_const_zero(vm_env__reg(env, regno - 1))) {
		/* a NULL buffer takes only a size that is always 0 */
		if (r->s.umax)
			return vm_env__reject(env, "R%d type=scalar expected=fp", regno - 1);
		return vm_mark_precise(env, regno);
	}
	/* a variable size turns raw mode off (check_mem_size_reg): the whole
	 * range is checked as initialized, so read, before it is written */
	if (write && !scalar_is_const(&r->s) &&
	    (vm_check_helper_stack_bounds(env, regno - 1, (long)r->s.umax, true) ||
	     vm_check_helper_mem(env, regno - 1, (long)r->s.umax, false,
				 zero_ok && r->s.umin == 0 && r->s.umax == 0)))
		return -EACCES;
	if (vm_check_helper_mem(env, regno - 1, (long)r->s.umax, write,
				zero_ok && r->s.umin == 0 && r->s.umax == 0))
		return -EACCES;
	return vm_mark_precise(env, regno);
}

/* 6.14+: an array lookup with a constant in-range key cannot return NULL. */
static bool const_array_key(struct vm_env *env, const struct vm_map *m, int regno)
{
	const struct vm_reg *k = vm_env__reg(env, regno);
	struct vm_slot *s;
	int spi, b0, zero = 0, spill = 0;
	uint64_t v;

	if (!m || (m->type != BPF_MAP_TYPE_ARRAY && m->type != BPF_MAP_TYPE_PERCPU_ARRAY))
		return false;
	s = vm_stack_slot(env, k, 0, &spi);
	if (!s)
		return false;
	b0 = k->off + (int)scalar_const_value(&k->s) + 8 * (spi + 1);
	for (int b = b0; b < 8 && s->type[b] == VM_SLOT_ZERO; b++)
		zero++;
	if (zero >= (int)m->key_size)
		return m->max_entries > 0;
	if (s->type[0] != VM_SLOT_SPILL || s->spilled.type != VM_SCALAR)
		return false;
	for (int b = b0; b < 8 && s->type[b] == VM_SLOT_SPILL; b++)
		spill++;
	if (spill != (int)m->key_size || !scalar_is_const(&s->spilled.s))
		return false;
	vm_mark_precise_slot(env, k->frameno, spi);
	v = scalar_const_value(&s->spilled.s);
	return v < m->max_entries;
}

/*
 * ARG_PTR_TO_BTF_ID(_OR_NULL): a BTF pointer of the helper's struct (or
 * one that holds it first), NULL only where allowed. Without kernel BTF
 * the model has no typed pointers and checks nothing.
 */
static int btf_ptr_arg(struct vm_env *env, const struct vm_func_sig *sig, int regno, bool or_null)
{
	const struct vm_reg *r = vm_env__reg(env, regno);

	if (!vm_kbtf() || (or_null && is_const_zero(r)))
		return 0;
	if (r->type != VM_PTR_BTF || (r->flags & VM_F_UNTRUSTED))
		return expect(env, regno, "ptr_, trusted_ptr_, rcu_ptr_");
	if ((r->flags & VM_F_MAYBE_NULL) && !or_null)
		return vm_env__reject(env, "Possibly NULL pointer passed to helper arg%d", regno);
	if (sig->arg_struct && r->btf_id && !r->off &&
	    vm_kbtf_struct_is(r->btf_id, sig->arg_struct) == 0)
		return vm_env__reject(env, "R%d is of type %s but %s is expected", regno,
				      vm_kbtf_name(r->btf_id), sig->arg_struct);
	return 0;
}

struct call_meta {
	const struct vm_map *map;
	int map_idx;
	long mem_size, alloc_size;
	uint32_t release_ref, cast_ref;
	uint32_t ret_btf_id;    /* ARG_PTR_TO_PERCPU_BTF_ID: its type */
	int func_subprog;
	bool const_key;
};

/* A socket argument: ARG_PTR_TO_SOCK_COMMON takes no BTF pointer, its BTF_ID twin does. */
static int sock_arg(struct vm_env *env, const struct vm_func_sig *sig, int regno,
		    enum vm_arg a, struct call_meta *m)
{
	const struct vm_reg *r = vm_env__reg(env, regno);
	bool btf_ok = a != VM_ARG_SOCK_NO_BTF;

	if ((a == VM_ARG_SOCK_COMMON_OR_NULL && is_const_zero(r)) ||
	    (r->type == VM_SCALAR && !vm_kbtf()))   /* untyped without kernel BTF */
		return 0;
	if ((r->type != VM_PTR_SOCK_COMMON && r->type != VM_PTR_SOCKET &&
	     r->type != VM_PTR_TCP_SOCK && (r->type != VM_PTR_BTF || !btf_ok)) ||
	    (r->flags & VM_F_MAYBE_NULL))
		return expect(env, regno, btf_ok ? "sock_common, sock, tcp_sock, xdp_sock, ptr_, trusted_ptr_"
						 : "sock_common, sock, tcp_sock, xdp_sock");
	if ((sig->flags & VM_FN_RELEASE) && !r->ref_obj_id)
		return vm_env__reject(env, "R%d must be referenced when passed to release function",
				      regno);
	m->cast_ref = m->release_ref = r->ref_obj_id;
	return 0;
}

static int map_func_compat(struct vm_env *env, const struct vm_func_sig *sig, int id,
			   const struct call_meta *m)
{
	if (m->map && !vm_map_func_ok(env->prog, m->map->type, id))
		return vm_env__reject(env, "cannot pass map_type %u into func %s#%d", m->map->type,
				      sig->name, id);
	if (id == BPF_FUNC_get_local_storage && !is_const_zero(vm_env__reg(env, 2)))
		return vm_env__reject(env, "get_local_storage() doesn't support non-zero flags");
	return 0;
}

/* ARG_PTR_TO_BTF_ID_SOCK_COMMON for a sockmap/sockhash update's value */
static int sock_value_arg(struct vm_env *env, int regno, const struct vm_reg *r)
{
	if ((r->type != VM_PTR_SOCK_COMMON && r->type != VM_PTR_SOCKET &&
	     r->type != VM_PTR_TCP_SOCK && r->type != VM_PTR_BTF) || (r->flags & VM_F_MAYBE_NULL))
		return expect(env, regno, "sock_common, sock, tcp_sock, xdp_sock, ptr_, trusted_ptr_");
	return 0;
}

static int check_arg(struct vm_env *env, const struct vm_func_sig *sig, int i,
		     struct call_meta *m)
{
	int regno = i + 1;
	struct vm_reg *r = vm_env__reg(env, regno);
	enum vm_arg a = sig->args[i];
	enum vm_arg next = i < 4 ? sig->args[i + 1] : VM_ARG_NONE;

	if (a == VM_ARG_NONE)
		return 0;
	if (a != VM_ARG_CONST_SIZE && a != VM_ARG_CONST_SIZE_OR_ZERO && vm_env__check_read(env, regno))
		return -EACCES;
	switch (a) {
	case VM_ARG_SCALAR:
		return r->type == VM_SCALAR ? 0 : expect(env, regno, "scalar");
	case VM_ARG_PERCPU_BTF_ID:
		if (r->type != VM_PTR_BTF || !(r->flags & VM_F_PERCPU) || (r->flags & VM_F_MAYBE_NULL))
			return expect(env, regno, "percpu_ptr_, percpu_rcu_ptr_, percpu_trusted_ptr_");
		if (!r->btf_id)
			return vm_env__reject(env, "Helper has invalid btf_id in R%d", regno);
		m->ret_btf_id = r->btf_id;
		return 0;
	case VM_ARG_CONST_MAP:
		if (r->type != VM_PTR_MAP || (r->flags & VM_F_MAYBE_NULL))
			return expect(env, regno, "map_ptr");
		m->map_idx = r->map;
		m->map = r->map >= 0 && (size_t)r->map < env->obj->n_maps ? &env->obj->maps[r->map] : NULL;
		return 0;
	case VM_ARG_MAP_KEY: case VM_ARG_MAP_VALUE: case VM_ARG_MAP_VALUE_OR_NULL:
		if (a == VM_ARG_MAP_VALUE_OR_NULL && is_const_zero(r))
			return 0;
		/* resolve_map_arg_type: a sockmap's value is a socket */
		if (a == VM_ARG_MAP_VALUE && m->map && (m->map->type == BPF_MAP_TYPE_SOCKMAP ||
							m->map->type == BPF_MAP_TYPE_SOCKHASH))
			return sock_value_arg(env, regno, r);
		if (!m->map)
			return vm_env__reject(env, "invalid map_ptr to access map->%s",
					      a == VM_ARG_MAP_KEY ? "key" : "value");
		if (a == VM_ARG_MAP_KEY && env->prog && sig->ret == VM_RET_MAP_VALUE_OR_NULL &&
		    vm_release_has(env->opt->kernel, VM_FEAT_CONST_KEY_NONNULL))
			m->const_key = const_array_key(env, m->map, regno);
		return vm_check_helper_mem(env, regno, a == VM_ARG_MAP_KEY ? m->map->key_size :
					   m->map->value_size, false, false);
	case VM_ARG_MEM: case VM_ARG_MEM_OR_NULL: case VM_ARG_UNINIT_MEM:
		/* check_reg_type: NULL only where the argument may be NULL */
		if (r->type == VM_SCALAR && !(a == VM_ARG_MEM_OR_NULL && is_const_zero(r)))
			return vm_env__reject(env, "R%d type=scalar expected=fp, pkt, pkt_meta, map_key, map_value, mem, ringbuf_mem, buf, trusted_ptr_",
					      regno);
		if (next == VM_ARG_CONST_SIZE || next == VM_ARG_CONST_SIZE_OR_ZERO) {
			if (vm_env__check_read(env, regno + 1))
				return -EACCES;
			return mem_size_arg(env, regno + 1, a == VM_ARG_UNINIT_MEM,
					    next == VM_ARG_CONST_SIZE_OR_ZERO, &m->mem_size);
		}
		return 0;
	case VM_ARG_CTX: case VM_ARG_CTX_OR_NULL:
		if (a == VM_ARG_CTX_OR_NULL && is_const_zero(r))
			return 0;
		if (r->type != VM_PTR_CTX)
			return expect(env, regno, "ctx");
		return vm_check_ctx_ptr_off(env, regno);
	case VM_ARG_SPIN_LOCK:
		return vm_spin_lock_arg(env, regno, !strcmp(sig->name, "bpf_spin_lock"));
	case VM_ARG_SOCK_COMMON: case VM_ARG_SOCK_COMMON_OR_NULL: case VM_ARG_SOCK_NO_BTF:
		return sock_arg(env, sig, regno, a, m);
	case VM_ARG_BTF_PTR: case VM_ARG_BTF_PTR_OR_NULL:
		return btf_ptr_arg(env, sig, regno, a == VM_ARG_BTF_PTR_OR_NULL);
	case VM_ARG_FIXED_MEM:
		return vm_check_helper_mem(env, regno, sig->fixed_size, false, false);
	case VM_ARG_FIXED_UNINIT_MEM:	/* every one of them is MEM_ALIGNED too */
		return vm_check_helper_mem(env, regno, sig->fixed_size, true, false) ||
		       vm_check_alignment(env, r, 0, sig->fixed_size, true) ? -EACCES : 0;
	case VM_ARG_FUNC:
		if (r->type != VM_PTR_FUNC)
			return expect(env, regno, "func");
		m->func_subprog = r->subprog;
		return 0;
	case VM_ARG_STACK_OR_NULL:
		if (!is_const_zero(r) && r->type != VM_PTR_STACK)
			return expect(env, regno, "fp");
		return 0;
	case VM_ARG_ALLOC_MEM:
		if (r->type != VM_PTR_MEM || !(r->flags & VM_F_RINGBUF) || (r->flags & VM_F_MAYBE_NULL))
			return expect(env, regno, "ringbuf_mem");
		if (r->off || !scalar_is_const(&r->s) || scalar_const_value(&r->s))
			return vm_env__reject(env, "R%d must have zero offset when passed to release func or trusted arg to kfunc",
					      regno);
		m->release_ref = r->ref_obj_id;
		return 0;
	case VM_ARG_ALLOC_SIZE:
		if (r->type != VM_SCALAR || !scalar_is_const(&r->s))
			return vm_env__reject(env, "R%d is not a known constant'", regno);
		m->alloc_size = (long)scalar_const_value(&r->s);
		return vm_mark_precise(env, regno);
	case VM_ARG_DYNPTR: case VM_ARG_DYNPTR_NEW_LOCAL: case VM_ARG_DYNPTR_NEW_RINGBUF:
	case VM_ARG_DYNPTR_RELEASE:
		return vm_dynptr_helper_arg(env, regno, a);
	case VM_ARG_CONST_STR:
		if (r->type != VM_PTR_MAP_VALUE || !scalar_is_const(&r->s))
			return expect(env, regno, "map_value");
		return 0;
	default:
		return 0;
	}
}

void vm_clobber_caller_saved(struct vm_env *env)
{
	for (int r = 1; r <= 5; r++)
		vm_reg__mark_not_init(vm_env__reg(env, r));
}

static bool is_sock_map(uint32_t type)
{
	return type == BPF_MAP_TYPE_SOCKMAP || type == BPF_MAP_TYPE_SOCKHASH;
}

static int set_return(struct vm_env *env, const struct vm_func_sig *sig, int id,
		      struct call_meta *m)
{
	struct vm_reg *r0 = vm_env__reg(env, 0);

	vm_reg__mark_unknown(r0);
	switch (sig->ret) {
	case VM_RET_VOID:
		vm_reg__mark_not_init(r0);
		break;
	case VM_RET_MAP_VALUE_OR_NULL: case VM_RET_MAP_VALUE:
		if (!m->map)
			return vm_env__reject(env, "kernel subsystem misconfigured verifier");
		scalar_set_const(&r0->s, 0);
		if (m->map->type == BPF_MAP_TYPE_ARRAY_OF_MAPS ||
		    m->map->type == BPF_MAP_TYPE_HASH_OF_MAPS) {
			r0->type = VM_PTR_MAP;
			r0->map = m->map->inner_map;
		} else {
			r0->type = VM_PTR_MAP_VALUE;
			r0->map = m->map_idx;
		}
		if (!m->const_key && sig->ret == VM_RET_MAP_VALUE_OR_NULL) {
			r0->flags = VM_F_MAYBE_NULL;
			r0->id = ++env->id_gen;
		} else if (r0->type == VM_PTR_MAP_VALUE &&
			   vm_map_field_off(env->obj, r0->map, "bpf_spin_lock") >= 0) {
			r0->id = ++env->id_gen;   /* which lock: unlock must name the same */
		}
		if (id == BPF_FUNC_map_lookup_elem && is_sock_map(m->map->type)) {
			/* is_acquire_function: the socket found holds a reference */
			r0->flags |= VM_F_SOCK_VALUE;
			r0->ref_obj_id = vm_acquire_ref(env, env->insn_idx);
			r0->id = r0->ref_obj_id;
		}
		break;
	case VM_RET_ALLOC_MEM_OR_NULL:
		scalar_set_const(&r0->s, 0);
		r0->type = VM_PTR_MEM;
		r0->flags = VM_F_MAYBE_NULL | VM_F_RINGBUF;
		r0->mem_size = (uint32_t)m->alloc_size;
		r0->id = ++env->id_gen;
		r0->ref_obj_id = vm_acquire_ref(env, env->insn_idx);
		r0->id = r0->ref_obj_id;
		break;
	case VM_RET_SOCKET_OR_NULL: case VM_RET_SOCK_COMMON_OR_NULL: case VM_RET_TCP_SOCK_OR_NULL:
		scalar_set_const(&r0->s, 0);
		r0->type = sig->ret == VM_RET_SOCKET_OR_NULL ? VM_PTR_SOCKET :
			   sig->ret == VM_RET_TCP_SOCK_OR_NULL ? VM_PTR_TCP_SOCK : VM_PTR_SOCK_COMMON;
		r0->flags = VM_F_MAYBE_NULL;
		r0->id = ++env->id_gen;
		if (sig->flags & VM_FN_ACQUIRE) {
			r0->ref_obj_id = vm_acquire_ref(env, env->insn_idx);
			r0->id = r0->ref_obj_id;
		}
		break;
	case VM_RET_MEM_OR_BTF_ID: case VM_RET_MEM_OR_BTF_ID_OR_NULL:
		vm_kbtf_mem_or_btf(m->ret_btf_id, sig->ret == VM_RET_MEM_OR_BTF_ID ? 0 : VM_F_MAYBE_NULL, r0);
		if (sig->ret == VM_RET_MEM_OR_BTF_ID_OR_NULL)
			r0->id = ++env->id_gen;
		break;
	case VM_RET_BTF_PTR: case VM_RET_BTF_PTR_OR_NULL:
		scalar_set_const(&r0->s, 0);
		r0->type = VM_PTR_BTF;
		r0->flags = (sig->flags & VM_FN_RET_UNTRUSTED) ? 0 : VM_F_TRUSTED;
		r0->btf_id = sig->ret_struct ? vm_kbtf_struct_id(sig->ret_struct) : 0;
		if (sig->ret == VM_RET_BTF_PTR_OR_NULL) {
			r0->flags |= VM_F_MAYBE_NULL;
			r0->id = ++env->id_gen;
		}
		break;
	default:
		break;
	}
	if (sig->flags & VM_FN_PTR_CAST)
		r0->ref_obj_id = m->cast_ref;
	return 0;
}

/* The host kernel's nr_cpu_ids: one past the last possible CPU, 0 unknown. */
static unsigned host_nr_cpu_ids(void)
{
	static unsigned n;
	unsigned a = 0, b = 0;
	FILE *f;

	if (n || !(f = fopen("/sys/devices/system/cpu/possible", "r")))
		return n;
	switch (fscanf(f, "%u-%u", &a, &b)) {
	case 1: n = a + 1; break;
	case 2: n = b + 1; break;
	}
	fclose(f);
	return n;
}

/*
 * do_refine_retval_range: string/stack helpers return at most their size;
 * bpf_get_smp_processor_id less than nr_cpu_ids: the host's for the
 * running release, the VM's for another (the machine that release runs on
 * here).
 */
static void refine_retval(struct vm_env *env, int id, const struct call_meta *m)
{
	struct vm_reg *r0 = vm_env__reg(env, 0);

	if (id == BPF_FUNC_get_smp_processor_id) {
		unsigned n = vm_release_is_host(env->opt->kernel) ? host_nr_cpu_ids()
								    : VM_GUEST_NR_CPUS;

		if (n)
			scalar_set_urange(&r0->s, 0, n - 1);
		return;
	}
	if (id != BPF_FUNC_probe_read_str && id != BPF_FUNC_probe_read_kernel_str &&
	    id != BPF_FUNC_probe_read_user_str && id != BPF_FUNC_get_stack &&
	    id != BPF_FUNC_get_task_stack)
		return;
	r0->s.smax = m->mem_size;
	r0->s.s32_max = (int32_t)m->mem_size;
	r0->s.smin = -4095;
	r0->s.s32_min = -4095;
	scalar_sync(&r0->s);
}

static bool gpl_ok(const struct vm_env *env)
{
	const char *l = env->obj->license;

	return !strcmp(l, "GPL") || !strcmp(l, "GPL v2") || !strcmp(l, "GPL and additional rights") ||
	       !strcmp(l, "Dual BSD/GPL") || !strcmp(l, "Dual MIT/GPL") || !strcmp(l, "Dual MPL/GPL");
}

/*
 * A tail call inside a subprogram: the failed call falls through (pushed),
 * a successful one leaves the frame like an exit with an unknown R0.
 * Returns 1: env->insn_idx is already the caller's next insn.
 */
static int tail_call_exit(struct vm_env *env, const struct bpf_insn *insn)
{
	int err;

	if (!vm_env__push(env, env->insn_idx + 1, env->insn_idx))
		return -EACCES;
	vm_reg__mark_unknown(vm_env__reg(env, 0));
	err = vm_exec_exit(env, insn);
	return err < 0 ? err : 1;
}

/* record_func_key: a constant in-range tail-call index is made precise. */
static int tail_call_key(struct vm_env *env, const struct call_meta *m)
{
	const struct vm_reg *r3 = vm_env__reg(env, 3);

	if (!m->map || r3->type != VM_SCALAR || !scalar_is_const(&r3->s) ||
	    scalar_const_value(&r3->s) >= m->map->max_entries)
		return 0;
	return vm_mark_precise(env, 3);
}

/* may_access_direct_pkt_data with a helper's meta: its proto says whether it takes packets */
static int pkt_arg(struct vm_env *env, const struct vm_func_sig *sig, int i, int id)
{
	bool ok;

	if (sig->args[i] == VM_ARG_NONE || sig->args[i] == VM_ARG_ANYTHING ||
	    !vm_reg__is_pkt(vm_env__reg(env, i + 1)))
		return 0;
	switch (env->prog->type) {
	case BPF_PROG_TYPE_LWT_IN: case BPF_PROG_TYPE_LWT_OUT: case BPF_PROG_TYPE_LWT_SEG6LOCAL:
	case BPF_PROG_TYPE_SK_REUSEPORT: case BPF_PROG_TYPE_FLOW_DISSECTOR:
	case BPF_PROG_TYPE_CGROUP_SKB: case BPF_PROG_TYPE_SCHED_CLS: case BPF_PROG_TYPE_SCHED_ACT:
	case BPF_PROG_TYPE_XDP: case BPF_PROG_TYPE_LWT_XMIT: case BPF_PROG_TYPE_SK_SKB:
	case BPF_PROG_TYPE_SK_MSG:
		ok = vm_helper_pkt_access(id);
		break;
	case BPF_PROG_TYPE_CGROUP_SOCKOPT:
		ok = true;
		break;
	default:
		ok = false;
	}
	return ok ? 0 : vm_env__reject(env, "helper access to the packet is not allowed");
}

static int helper_call(struct vm_env *env, const struct bpf_insn *insn)
{
	const struct vm_func_sig *sig = vm_helper_sig_for(insn->imm, env->prog->type);
	struct call_meta m = { .map_idx = -1, .func_subprog = -1 };
	struct vm_reg args[6];
	bool changes_data;
	int err;

	if (insn->imm < 0 || insn->imm >= VM_BPF_FUNC_MAX_ID)
		return vm_env__reject(env, "invalid func unknown#%d", insn->imm);
	if (!vm_helper_available(insn->imm, env->prog->type))
		return vm_env__reject(env, "program of this type cannot use helper %s#%d",
				      sig ? sig->name : "", insn->imm);
	if (!sig)
		return vm_env__limit(env, "model: helper #%d is not in the model's table", insn->imm);
	if ((sig->flags & VM_FN_NEEDS_GPL) && !gpl_ok(env))
		return vm_env__reject(env, "cannot call GPL-restricted function from non-GPL compatible program");
	if ((sig->flags & VM_FN_SLEEPABLE) && !env->prog->sleepable)
		return vm_env__reject(env, "helper call might sleep in a non-sleepable prog");
	if (sig->flags & VM_FN_DYNPTR)
		return vm_dynptr_call(env, sig);
	for (int i = 0; i < 5; i++)
		if ((err = pkt_arg(env, sig, i, insn->imm)) || (err = check_arg(env, sig, i, &m)))
			return err;
	if ((err = map_func_compat(env, sig, insn->imm, &m)) ||
	    (err = vm_dynptr_helper_done(env, insn->imm, &changes_data)))
		return err;
	if ((sig->flags & VM_FN_TAIL_CALL) && (err = tail_call_key(env, &m)))
		return err;
	/* the tail-called program cannot release what this one holds
	 * (an open bpf_for iterator counts: it is a reference) */
	if ((sig->flags & VM_FN_TAIL_CALL) && env->cur->nrefs)
		return vm_env__reject(env, "tail_call would lead to reference leak");
	if ((sig->flags & VM_FN_TAIL_CALL) && env->cur->active_rcu)
		return vm_env__reject(env, "tail_call cannot be used inside bpf_rcu_read_lock-ed region");
	if (sig->flags & VM_FN_RELEASE) {
		err = vm_release_ref(env, m.release_ref);
		if (err)
			return err;
	}
	if ((sig->flags & VM_FN_LOOP) && (err = vm_stack_extra_loop_call(env, m.func_subprog)))
		return err;
	if (sig->flags & VM_FN_CALLBACK) {
		if (!vm_release_has(env->opt->kernel, VM_FEAT_CB_CONVERGE))
			memcpy(args, vm_env__frame(env)->regs, sizeof(args));
		else if ((err = vm_push_callback(env, m.func_subprog, insn->imm)))
			return err;
	}
	vm_clobber_caller_saved(env);
	err = set_return(env, sig, insn->imm, &m);
	if (err)
		return err;
	refine_retval(env, insn->imm, &m);
	if ((sig->flags & VM_FN_CALLBACK) && !vm_release_has(env->opt->kernel, VM_FEAT_CB_CONVERGE))
		return vm_enter_callback(env, m.func_subprog, insn->imm, args);
	if ((sig->flags & VM_FN_PKT_CHANGE) || changes_data)
		vm_clear_pkt_pointers(env->cur);
	if ((sig->flags & VM_FN_TAIL_CALL) && env->cur->curframe)
		return tail_call_exit(env, insn);
	return 0;
}

/* A __map argument may also be a trusted struct bpf_map (a map iterator's). */
static int map_btf_arg(struct vm_env *env, const struct vm_func_sig *sig, int regno)
{
	const struct vm_reg *r = vm_env__reg(env, regno);
	const char *name;

	if (r->type != VM_PTR_BTF)
		return expect(env, regno, "map_ptr");
	if (r->btf_id && vm_kbtf_struct_is(r->btf_id, "bpf_map") == 0)
		return vm_env__reject(env, "kernel function %s args#%d expected pointer to STRUCT "
				      "bpf_map but R%d has a pointer to STRUCT %s", sig->name,
				      regno - 1, regno, (name = vm_kbtf_name(r->btf_id)) ? name : "?");
	if (!(r->flags & VM_F_TRUSTED) && !r->ref_obj_id)   /* KF_TRUSTED_ARGS */
		return vm_env__reject(env, "R%d must be referenced or trusted", regno);
	if (r->flags & VM_F_MAYBE_NULL)
		return vm_env__reject(env, "Possibly NULL pointer passed to trusted arg%d", regno - 1);
	return 0;
}

/*
 * check_kfunc_args for scalars and __map arguments (VM_ARG_ANYTHING: an
 * __ign argument, not looked at).
 */
static int plain_kfunc_args(struct vm_env *env, const struct vm_func_sig *sig)
{
	for (int i = 0; i < 5 && sig->args[i] != VM_ARG_NONE; i++) {
		const struct vm_reg *r = vm_env__reg(env, i + 1);

		if (sig->args[i] == VM_ARG_SCALAR && r->type != VM_SCALAR)
			return vm_env__reject(env, "R%d is not a scalar", i + 1);
		if (sig->args[i] == VM_ARG_CONST_MAP && r->type != VM_PTR_MAP &&
		    map_btf_arg(env, sig, i + 1))
			return -EACCES;
	}
	return 0;
}

static int kfunc_call(struct vm_env *env, const struct bpf_insn *insn)
{
	const struct vm_insn_ref *ref = env->prog->refs ? &env->prog->refs[env->insn_idx] : NULL;
	const struct vm_func_sig *sig = ref && ref->kind == VM_REF_KFUNC ? vm_kfunc_sig(ref->name) : NULL;
	(void)insn;
	/* a __weak kfunc the release lacks: call #0, the verifier moves on */
	if (ref && ref->kind == VM_REF_KFUNC && !vm_release_has_kfunc(env->opt->kernel, ref->name))
		return 0;
	if (!sig)
		return vm_env__limit(env, "model: kfunc %s is not in the model's table",
				     ref && ref->name ? ref->name : "?");
	/* measured on 6.18.44-fc-v1272 (iter.s programs): an arena kfunc in a
	 * program without an arena map; one with it cannot load on that host */
	if (!strncmp(sig->name, "bpf_arena_", 10) && vm_release_is_host(env->opt->kernel) &&
	    !vm_prog_has_arena(env))
		return vm_env__reject(env, "calling kernel function %s is not allowed", sig->name);
	if (sig->flags & (VM_FN_ITER_NEW | VM_FN_ITER_NEXT | VM_FN_ITER_DESTROY))
		return vm_iter_kfunc_call(env, sig);
	if (sig->flags & VM_FN_KF_PTR)
		return vm_kfunc_ptr_call(env, sig);
	if (sig->flags & VM_FN_DYNPTR)
		return vm_dynptr_call(env, sig);
	if (plain_kfunc_args(env, sig))
		return -EACCES;
	if (!strcmp(sig->name, "bpf_rcu_read_lock"))
		env->cur->active_rcu++;
	else if (!strcmp(sig->name, "bpf_rcu_read_unlock") && env->cur->active_rcu)
		env->cur->active_rcu--;
	vm_clobber_caller_saved(env);
	if (sig->ret == VM_RET_VOID)
		vm_reg__mark_not_init(vm_env__reg(env, 0));
	else
		vm_reg__mark_unknown(vm_env__reg(env, 0));
	return 0;
}

int vm_exec_call(struct vm_env *env, const struct bpf_insn *insn)
{
	int err;

	if (vm_insn_is_pseudo_call(insn))
		return vm_exec_subprog_call(env, insn);
	if (env->cur->lock_held && (vm_insn_is_kfunc_call(insn) || insn->imm != BPF_FUNC_spin_unlock))
		return vm_env__reject(env, "function calls are not allowed while holding a lock");
	err = vm_insn_is_kfunc_call(insn) ? kfunc_call(env, insn) : helper_call(env, insn);
	if (err < 0)
		return err;
	if (err == 0)
		env->insn_idx++;
	return 0;
}

void vm_clear_pkt_pointers(struct vm_state *st)
{
	for (int f = 0; f <= st->curframe; f++) {
		struct vm_frame *fr = st->frame[f];

		for (int r = 0; r < VM_MAX_REG; r++)
			if (vm_reg__is_pkt(&fr->regs[r]) || fr->regs[r].type == VM_PTR_PKT_END ||
			    (fr->regs[r].flags & VM_F_PKT_SLICE))
				vm_reg__mark_unknown(&fr->regs[r]);
		for (int s = 0; s < fr->nslots; s++) {
			struct vm_reg *r = &fr->slots[s].spilled;

			if (fr->slots[s].type[0] == VM_SLOT_SPILL &&
			    (vm_reg__is_pkt(r) || r->type == VM_PTR_PKT_END || (r->flags & VM_F_PKT_SLICE)))
				vm_reg__mark_unknown(r);
		}
	}
}
