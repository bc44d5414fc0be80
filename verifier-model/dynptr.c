// SPDX-License-Identifier: GPL-2.0-only
/*
 * dynptr.c: the kernel's dynptr checks (verifier.c process_dynptr_func,
 * dynptr_get_spi, mark_stack_slots_dynptr, destroy_if_dynptr_stack_slot,
 * unmark_stack_slots_dynptr and the bpf_dynptr_slice / bpf_dynptr_data
 * returns) for skb, xdp, local (memory, global-argument) and ringbuf
 * dynptrs. A stack dynptr is two slots: the higher one (spi) is its first,
 * spilled.off = 1 there, spilled.mem_size its kind, spilled.id its id,
 * spilled.ref_obj_id the reference of a ringbuf record (its clones share
 * it); a slice carries the dynptr's id in btf_id. On 6.18.44-fc-v1272
 * bpf_dynptr_slice_rdwr is refused in every program type tried.
 */
#include <errno.h>
#include <string.h>
#include <linux/bpf.h>
#include "verifier-model/env.h"
#include "verifier-model/calls.h"
#include "verifier-model/dynptr.h"
#include "verifier-model/kbtf.h"
#include "verifier-model/memcheck.h"
#include "verifier-model/precision.h"
#include "verifier-model/stack_live.h"

#define VM_PROG_TYPE_NETFILTER 32   /* past this uapi header */

/*
 * dynptr_get_spi: the first slot of the dynptr r points to, or -1. The
 * kernel's words for a bad offset ("cannot pass in dynptr at an
 * offset=%d") are never its last: its callers say what was expected.
 */
static int dynptr_spi(const struct vm_reg *r)
{
	int off = r->off + (int)scalar_const_value(&r->s), spi = (-off - 1) / 8;

	return !scalar_is_const(&r->s) || off % 8 || off >= 0 || spi < 1 ? -1 : spi;
}

static void clear_slot(struct vm_slot *s)
{
	memset(s, 0, sizeof(*s));
	vm_reg__mark_not_init(&s->spilled);
}

/*
 * Slices of dynptr id become unknown scalars (mark_reg_invalid, privileged):
 * only bpf_dynptr_data's, whose type is exactly PTR_TO_MEM(_OR_NULL); the
 * kernel's test passes over a kfunc's slice, which has flags (measured).
 */
static void invalidate_slices(struct vm_state *st, uint32_t id)
{
	for (int f = 0; f <= st->curframe; f++) {
		struct vm_frame *fr = st->frame[f];

		for (int r = 0; r < VM_MAX_REG; r++)
			if ((fr->regs[r].flags & VM_F_DYNPTR_SLICE) && fr->regs[r].btf_id == id)
				vm_reg__mark_unknown(&fr->regs[r]);
		for (int s = 0; s < fr->nslots; s++)
			if (fr->slots[s].type[0] == VM_SLOT_SPILL &&
			    (fr->slots[s].spilled.flags & VM_F_DYNPTR_SLICE) &&
			    fr->slots[s].spilled.btf_id == id)
				vm_reg__mark_unknown(&fr->slots[s].spilled);
	}
}

int vm_dynptr_destroy(struct vm_env *env, struct vm_frame *f, int spi)
{
	uint32_t id;

	if (spi < 0 || spi >= f->nslots || f->slots[spi].type[0] != VM_SLOT_DYNPTR)
		return 0;
	if (!f->slots[spi].spilled.off)
		spi++;
	if (spi >= f->nslots || spi < 1)
		return 0;
	/* a record must be submitted or discarded, not forgotten */
	if (f->slots[spi].spilled.mem_size == VM_DYNPTR_RINGBUF)
		return vm_env__reject(env, "cannot overwrite referenced dynptr");
	id = f->slots[spi].spilled.id;
	clear_slot(&f->slots[spi]);
	clear_slot(&f->slots[spi - 1]);
	invalidate_slices(env->cur, id);
	return 0;
}

/* check_stack_range_initialized: a dynptr's bytes are neither read nor written */
int vm_dynptr_check_bytes(struct vm_env *env, int regno, const struct vm_frame *f, int64_t lo,
			  int64_t hi, bool write)
{
	for (int64_t a = lo; a < hi; a++) {
		int spi = (int)((-a - 1) / 8);

		if (spi >= f->nslots || f->slots[spi].type[a + 8 * (spi + 1)] != VM_SLOT_DYNPTR)
			continue;
		if (write)
			return vm_env__reject(env, "potential write to dynptr at off=%d disallowed",
					      (int)a);
		return vm_env__reject(env, "invalid read from stack R%d off %d+%d size %d", regno,
				      (int)lo, (int)(a - lo), (int)(hi - lo));
	}
	return 0;
}

/* Is argument regno a stack slot or a struct bpf_dynptr pointer? Rejects if not. */
static bool stack_or_dynptr(struct vm_env *env, int regno)
{
	const struct vm_reg *r = vm_env__reg(env, regno);

	if (r->type == VM_PTR_STACK || r->type == VM_PTR_DYNPTR)
		return true;
	vm_env__reject(env, "arg#%d expected pointer to stack or const struct bpf_dynptr",
		       regno - 1);
	return false;
}

/* What an initialised dynptr argument is: its kind, id and reference (ringbuf) */
struct dynptr_view {
	uint32_t kind, id, ref;
};

/*
 * An uninitialised dynptr argument: written 8 bytes at a time, then marked.
 * A ringbuf dynptr holds a reference: ref, a clone's parent's, or a new one.
 */
static int uninit_arg(struct vm_env *env, int regno, int kind, uint32_t ref)
{
	struct vm_reg *r = vm_env__reg(env, regno);
	struct vm_frame *f;
	int spi;

	if (!stack_or_dynptr(env, regno))
		return -EACCES;
	if (r->type == VM_PTR_DYNPTR)
		return vm_env__reject(env, "Dynptr has to be an uninitialized dynptr");
	spi = dynptr_spi(r);
	if (spi < 0)
		return vm_env__reject(env, "Dynptr has to be an uninitialized dynptr");
	f = env->cur->frame[r->frameno];
	if (vm_dynptr_destroy(env, f, spi) || vm_dynptr_destroy(env, f, spi - 1) ||
	    vm_check_helper_mem(env, regno, 16, true, false))
		return -EACCES;
	if (kind == VM_DYNPTR_RINGBUF && !ref && !(ref = vm_acquire_ref(env, env->insn_idx)))
		return vm_env__limit(env, "model: too many references");
	for (int i = 0; i < 2; i++) {
		struct vm_slot *s = &f->slots[spi - i];

		clear_slot(s);
		memset(s->type, VM_SLOT_DYNPTR, 8);
		s->spilled.type = VM_PTR_DYNPTR;
		s->spilled.mem_size = (uint32_t)kind;
		s->spilled.off = i == 0;
	}
	f->slots[spi].spilled.id = f->slots[spi - 1].spilled.id = ++env->id_gen;
	f->slots[spi].spilled.ref_obj_id = f->slots[spi - 1].spilled.ref_obj_id = ref;
	vm_live_write(env, r->frameno, 3ull << (spi - 1));
	return 0;
}

/* An initialised dynptr argument, seen in v; mutates: not a const one. */
static int init_arg(struct vm_env *env, int regno, bool mutates, struct dynptr_view *v)
{
	struct vm_reg *r = vm_env__reg(env, regno);
	struct vm_frame *f;
	int spi;

	if (!stack_or_dynptr(env, regno))
		return -EACCES;
	if (r->type == VM_PTR_DYNPTR) {
		if (mutates)
			return vm_env__reject(env, "cannot pass pointer to const bpf_dynptr, the helper mutates it");
		v->kind = r->mem_size;
		v->id = r->id;
		v->ref = 0;
		return 0;
	}
	spi = dynptr_spi(r);
	f = env->cur->frame[r->frameno];
	if (spi < 0 || spi >= f->nslots || !f->slots[spi].spilled.off ||
	    f->slots[spi].type[0] != VM_SLOT_DYNPTR || f->slots[spi - 1].type[0] != VM_SLOT_DYNPTR)
		return vm_env__reject(env, "Expected an initialized dynptr as arg #%d", regno - 1);
	if (vm_live_read(env, r->frameno, 3ull << (spi - 1)))
		return -ENOMEM;
	v->kind = f->slots[spi].spilled.mem_size;
	v->id = f->slots[spi].spilled.id;
	v->ref = f->slots[spi].spilled.ref_obj_id;
	return 0;
}

static int scalar_arg(struct vm_env *env, int regno)
{
	if (vm_env__check_read(env, regno))
		return -EACCES;
	if (vm_env__reg(env, regno)->type != VM_SCALAR)
		return vm_env__reject(env, "R%d is not a scalar", regno);
	return 0;
}

static void clobber(struct vm_env *env)
{
	for (int r = 1; r <= 5; r++)
		vm_reg__mark_not_init(vm_env__reg(env, r));
}

/* R0 = a slice of dynptr (kind, id): mem_size bytes, or NULL */
static void ret_slice(struct vm_env *env, uint32_t size, uint8_t flags, uint32_t kind, uint32_t id)
{
	struct vm_reg *r0 = vm_env__reg(env, 0);

	vm_reg__mark_unknown(r0);
	scalar_set_const(&r0->s, 0);
	r0->type = VM_PTR_MEM;
	r0->mem_size = size;
	r0->flags = flags | VM_F_MAYBE_NULL;
	if (flags & VM_F_RDONLY)    /* a kfunc's slice: PTR_TO_MEM | MEM_RDONLY | DYNPTR_TYPE_* */
		r0->flags |= kind == VM_DYNPTR_SKB || kind == VM_DYNPTR_XDP ? VM_F_PKT_SLICE : 0;
	else                        /* bpf_dynptr_data's: plain PTR_TO_MEM, ended with its dynptr */
		r0->flags |= VM_F_DYNPTR_SLICE;
	r0->btf_id = id;
	r0->id = ++env->id_gen;
}

static bool skb_type(int type)
{
	switch (type) {
	case BPF_PROG_TYPE_SCHED_CLS: case BPF_PROG_TYPE_SCHED_ACT:
	case BPF_PROG_TYPE_SOCKET_FILTER: case BPF_PROG_TYPE_CGROUP_SKB:
	case BPF_PROG_TYPE_LWT_IN: case BPF_PROG_TYPE_LWT_OUT: case BPF_PROG_TYPE_LWT_XMIT:
	case BPF_PROG_TYPE_LWT_SEG6LOCAL: case BPF_PROG_TYPE_SK_SKB: case VM_PROG_TYPE_NETFILTER:
		return true;
	default:
		return false;
	}
}

/* bpf_dynptr_from_skb / _xdp (ctx, flags, ptr__uninit) */
static int from_ctx(struct vm_env *env, int kind)
{
	const struct vm_reg *r1 = vm_env__reg(env, 1);
	int type = env->prog->type;
	bool nf_skb = type == VM_PROG_TYPE_NETFILTER && r1->type == VM_PTR_BTF &&
		      (r1->flags & VM_F_TRUSTED) && !r1->off &&
		      r1->btf_id == vm_kbtf_struct_id("sk_buff");

	/* the types net/core/filter.c gives them to; tracing takes an skb by BTF */
	if ((kind == VM_DYNPTR_XDP ? type != BPF_PROG_TYPE_XDP : !skb_type(type)) &&
	    (type == BPF_PROG_TYPE_TRACING || type == BPF_PROG_TYPE_EXT))
		return vm_env__limit(env, "model: dynptr kfunc in a program of type %d", type);
	if (kind == VM_DYNPTR_XDP ? type != BPF_PROG_TYPE_XDP : !skb_type(type))
		return vm_env__reject(env, "calling kernel function bpf_dynptr_from_%s is not allowed",
				      kind == VM_DYNPTR_XDP ? "xdp" : "skb");
	if (vm_env__check_read(env, 1))
		return -EACCES;
	if (!nf_skb && (r1->type != VM_PTR_CTX || r1->off || !scalar_is_const(&r1->s)))
		return vm_env__limit(env, "model: dynptr of something other than the context");
	if (scalar_arg(env, 2) || vm_env__check_read(env, 3) || uninit_arg(env, 3, kind, 0))
		return -EACCES;
	clobber(env);
	vm_reg__mark_unknown(vm_env__reg(env, 0));
	return 0;
}

/* bpf_dynptr_slice(_rdwr) (ptr, offset, buffer__opt, buffer__szk) */
/*
 * check_kfunc_mem_size_reg: the buffer in R3 (taken as not NULL), read
 * then written, over R4's largest value (check_mem_size_reg's tests)
 */
static int slice_buffer(struct vm_env *env)
{
	struct vm_reg *r3 = vm_env__reg(env, 3), save = *r3;
	const struct vm_reg *r4 = vm_env__reg(env, 4);
	long len = (long)r4->s.umax;
	int err;

	if (r4->s.smin < 0)
		return vm_env__reject(env, "R4 min value is negative, either use unsigned or 'var &= const'");
	if (r4->s.umax >= VM_MAX_VAR_OFF)
		return vm_env__reject(env, "R4 unbounded memory access, use 'var &= const' or 'if (var < const)'");
	r3->flags &= (uint16_t)~VM_F_MAYBE_NULL;
	err = vm_check_helper_mem(env, 3, len, false, true) ?: vm_mark_precise(env, 4) ?:
	      vm_check_helper_mem(env, 3, len, true, true) ?: vm_mark_precise(env, 4);
	*r3 = save;
	return err;
}

/* bpf_dynptr_slice(_rdwr) (ptr, offset, buffer__opt, buffer__szk) */
static int slice(struct vm_env *env, bool rdwr)
{
	struct vm_reg *r3 = vm_env__reg(env, 3), *r4 = vm_env__reg(env, 4);
	struct dynptr_view v;
	uint32_t size;

	if (vm_env__check_read(env, 1) || init_arg(env, 1, false, &v) || scalar_arg(env, 2) ||
	    vm_env__check_read(env, 3) || scalar_arg(env, 4))
		return -EACCES;
	if (!(r3->type == VM_SCALAR && scalar_is_const(&r3->s) && !scalar_const_value(&r3->s)) &&
	    slice_buffer(env)) {
		if (env->stop != VM_STOP_REJECT)
			return -EACCES;
		env->stop = VM_STOP_NONE;   /* the kernel's last words are these */
		return vm_env__reject(env, "arg#2 arg#3 memory, len pair leads to invalid memory access");
	}
	if (!scalar_is_const(&r4->s))
		return vm_env__reject(env, "R4 must be a known constant");
	/* measured on 6.18.44-fc-v1272 in xdp, tc and cgroup_skb programs alike,
	 * with a buffer or NULL; the kernel source read does not say why */
	if (rdwr)
		return vm_env__reject(env, "bpf_dynptr_slice_rdwr() is not allowed");
	size = (uint32_t)scalar_const_value(&r4->s);
	clobber(env);
	ret_slice(env, size, VM_F_RDONLY, v.kind, v.id);
	vm_env__reg(env, 0)->ref_obj_id = v.ref;   /* a record's slice ends with it (measured) */
	return 0;
}

/*
 * the bpf_dynptr_data helper (ptr, offset, len): len a known constant; the
 * slice of a ringbuf record carries its reference and ends with it
 */
static int data(struct vm_env *env)
{
	struct vm_reg *r3 = vm_env__reg(env, 3);
	struct dynptr_view v;
	uint32_t size;

	if (vm_env__check_read(env, 1) || init_arg(env, 1, false, &v) ||
	    vm_env__check_read(env, 2) || vm_env__check_read(env, 3))
		return -EACCES;
	if (r3->type != VM_SCALAR || !scalar_is_const(&r3->s))
		return vm_env__reject(env, "R3 is not a known constant'");
	if (vm_mark_precise(env, 3))
		return -EACCES;
	size = (uint32_t)scalar_const_value(&r3->s);
	clobber(env);
	ret_slice(env, size, 0, v.kind, v.id);
	vm_env__reg(env, 0)->ref_obj_id = v.ref;
	return 0;
}

/* bpf_dynptr_adjust (ptr, start, end), _is_null, _is_rdonly, _size (ptr): a number back */
static int inspect(struct vm_env *env, int nscalars)
{
	struct dynptr_view v;

	if (vm_env__check_read(env, 1) || init_arg(env, 1, false, &v))
		return -EACCES;
	for (int r = 2; r < 2 + nscalars; r++)
		if (scalar_arg(env, r))
			return -EACCES;
	clobber(env);
	vm_reg__mark_unknown(vm_env__reg(env, 0));
	return 0;
}

/* bpf_dynptr_clone (ptr, clone__uninit): the clone has the parent's kind and reference */
static int clone(struct vm_env *env)
{
	struct dynptr_view v;

	if (vm_env__check_read(env, 1) || init_arg(env, 1, false, &v) ||
	    vm_env__check_read(env, 2) || uninit_arg(env, 2, (int)v.kind, v.ref))
		return -EACCES;
	clobber(env);
	vm_reg__mark_unknown(vm_env__reg(env, 0));
	return 0;
}

int vm_dynptr_call(struct vm_env *env, const struct vm_func_sig *sig)
{
	if (!strcmp(sig->name, "bpf_dynptr_from_skb"))
		return from_ctx(env, VM_DYNPTR_SKB);
	if (!strcmp(sig->name, "bpf_dynptr_from_xdp"))
		return from_ctx(env, VM_DYNPTR_XDP);
	if (!strcmp(sig->name, "bpf_dynptr_slice"))
		return slice(env, false);
	if (!strcmp(sig->name, "bpf_dynptr_slice_rdwr"))
		return slice(env, true);
	if (!strcmp(sig->name, "bpf_dynptr_data"))
		return data(env);
	if (!strcmp(sig->name, "bpf_dynptr_adjust"))
		return inspect(env, 2);
	if (!strcmp(sig->name, "bpf_dynptr_is_null") || !strcmp(sig->name, "bpf_dynptr_is_rdonly") ||
	    !strcmp(sig->name, "bpf_dynptr_size"))
		return inspect(env, 0);
	if (!strcmp(sig->name, "bpf_dynptr_clone"))
		return clone(env);
	return vm_env__limit(env, "model: dynptr function %s", sig->name);
}

int vm_dynptr_global_arg(struct vm_env *env, int regno)
{
	struct dynptr_view v;

	return init_arg(env, regno, false, &v);
}

void vm_dynptr_mark_arg(struct vm_env *env, struct vm_reg *r)
{
	vm_reg__mark_unknown(r);
	scalar_set_const(&r->s, 0);
	r->type = VM_PTR_DYNPTR;
	r->mem_size = VM_DYNPTR_LOCAL;
	r->id = ++env->id_gen;
}

/* check_func_arg's test of a released dynptr: a stack one holding a reference */
static int release_arg(struct vm_env *env, int regno)
{
	const struct vm_reg *r = vm_env__reg(env, regno);
	const struct vm_frame *f = env->cur->frame[r->frameno];
	int spi = dynptr_spi(r);

	if (r->type == VM_PTR_DYNPTR)
		return vm_env__reject(env, "cannot release unowned const bpf_dynptr");
	if (spi < 0 || spi >= f->nslots || !f->slots[spi].spilled.ref_obj_id)
		return vm_env__reject(env, "arg %d is an unacquired reference", regno);
	return 0;
}

/* unmark_stack_slots_dynptr: the record is released, with its clones and slices */
static int release(struct vm_env *env, int regno)
{
	const struct vm_reg *r = vm_env__reg(env, regno);
	struct vm_frame *f = env->cur->frame[r->frameno];
	uint32_t ref = f->slots[dynptr_spi(r)].spilled.ref_obj_id;   /* release_arg checked it */

	if (vm_release_ref(env, ref))
		return -EACCES;
	/* the record's clones end with it, in the dynptr's frame */
	for (int i = 1; i < f->nslots; i++)
		if (f->slots[i].type[0] == VM_SLOT_DYNPTR && f->slots[i].spilled.off &&
		    f->slots[i].spilled.ref_obj_id == ref) {
			clear_slot(&f->slots[i]);
			clear_slot(&f->slots[i - 1]);
		}
	return 0;
}

int vm_dynptr_helper_arg(struct vm_env *env, int regno, enum vm_arg a)
{
	const struct vm_reg *r = vm_env__reg(env, regno);
	struct dynptr_view v;
	char tn[48];

	if (r->type != VM_PTR_STACK && r->type != VM_PTR_DYNPTR)
		return vm_env__reject(env, "R%d type=%s expected=fp, dynptr_ptr", regno,
				      vm_reg__type_name(r, tn, sizeof(tn)));
	switch (a) {
	case VM_ARG_DYNPTR_NEW_LOCAL:
		return uninit_arg(env, regno, VM_DYNPTR_LOCAL, 0);
	case VM_ARG_DYNPTR_NEW_RINGBUF:
		return uninit_arg(env, regno, VM_DYNPTR_RINGBUF, 0);
	case VM_ARG_DYNPTR_RELEASE:
		if (release_arg(env, regno) || init_arg(env, regno, true, &v))
			return -EACCES;
		if (v.kind != VM_DYNPTR_RINGBUF)
			return vm_env__reject(env, "Expected a dynptr of type ringbuf as arg #%d",
					      regno - 1);
		/* released here, not after the other arguments as the kernel does:
		 * the only other one, the flags, is read, and no map is checked */
		return release(env, regno);
	default:
		return init_arg(env, regno, false, &v);
	}
}

/* dynptr_get_type: the kind of the (checked) dynptr regno points to */
static uint32_t arg_kind(struct vm_env *env, int regno)
{
	const struct vm_reg *r = vm_env__reg(env, regno);
	const struct vm_frame *f = env->cur->frame[r->frameno];

	if (r->type == VM_PTR_DYNPTR)
		return r->mem_size;
	return f->slots[dynptr_spi(r)].spilled.mem_size;
}

int vm_dynptr_helper_done(struct vm_env *env, int id, bool *changes_data)
{
	const struct vm_reg *r1 = vm_env__reg(env, 1);
	char tn[48];

	*changes_data = false;
	if (id == BPF_FUNC_dynptr_from_mem && r1->type != VM_PTR_MAP_VALUE)
		return vm_env__reject(env, "Unsupported reg type %s for bpf_dynptr_from_mem data",
				      vm_reg__type_name(r1, tn, sizeof(tn)));
	/* an skb's bytes written: the kernel's changes_data drops packet slices */
	if (id == BPF_FUNC_dynptr_write)
		*changes_data = arg_kind(env, 1) == VM_DYNPTR_SKB;
	return 0;
}
