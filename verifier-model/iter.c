/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * iter.c: open-coded iterators (bpf_iter_num_*, bpf_iter_bits_*, ...):
 * the iterator's stack slots, new/next/destroy, and next's fork of an
 * active iterator into the drained path and one more iteration.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "verifier-model/env.h"
#include "verifier-model/explore.h"
#include "verifier-model/helpers.h"
#include "verifier-model/memcheck.h"
#include "verifier-model/stack_live.h"
#include "verifier-model/subprog.h"
#include "verifier-model/calls.h"
#include "verifier-model/iter.h"

/* An iterator kfunc's type for messages: bpf_iter_bits_next -> "iter_bits". */
static void iter_type_name(const struct vm_func_sig *sig, char *buf, size_t len)
{
	const char *n = strncmp(sig->name, "bpf_", 4) ? sig->name : sig->name + 4;
	const char *end = strrchr(n, '_');

	snprintf(buf, len, "%.*s", end ? (int)(end - n) : (int)strlen(n), n);
}

/* Stack slots of the iterator: its sig's fixed_size, 8 bytes when not given. */
static int iter_slots(const struct vm_func_sig *sig)
{
	return sig->fixed_size > 8 ? sig->fixed_size / 8 : 1;
}

/* The iterator R1 points at (its lowest slot, which holds the state), checked for state. */
static struct vm_slot *iter_arg(struct vm_env *env, const struct vm_func_sig *sig, bool want_init,
				int *spi)
{
	const struct vm_reg *r1 = vm_env__reg(env, 1);
	int n = iter_slots(sig);
	struct vm_frame *f;
	struct vm_slot *s;
	char it[32];

	iter_type_name(sig, it, sizeof(it));
	if (r1->type != VM_PTR_STACK) {
		char tn[48];

		vm_env__reject(env, "R1 type=%s expected=fp", vm_reg__type_name(r1, tn, sizeof(tn)));
		return NULL;
	}
	if (want_init) {
		s = vm_stack_slot(env, r1, 0, spi);
		f = env->cur->frame[r1->frameno];
		for (int i = 0; s && i < n; i++)
			if (*spi - i < 0 || f->slots[*spi - i].type[0] != VM_SLOT_ITER)
				s = NULL;
		if (!s) {
			vm_env__reject(env, "expected an initialized %s as arg #0", it);
			return NULL;
		}
		if (vm_live_read(env, r1->frameno, ((1ull << n) - 1) << (*spi - n + 1)))
			return NULL;
		return s;
	}
	{
		int o = r1->off + (int)r1->s.var_off.value;

		if (!scalar_is_const(&r1->s) || o % 8 || o < -VM_MAX_STACK || o + 8 * n > 0) {
			vm_env__reject(env, "arg#0 expected pointer to an iterator on stack");
			return NULL;
		}
		vm_note_stack_depth(env, r1->frameno, o);
		if (vm_frame__grow(env->cur->frame[r1->frameno], (-o - 1) / 8 + 1)) {
			vm_env__limit(env, "model: out of memory");
			return NULL;
		}
	}
	s = vm_stack_slot(env, r1, 0, spi);
	f = env->cur->frame[r1->frameno];
	for (int i = 0; s && i < n; i++)
		if (f->slots[*spi - i].type[0] == VM_SLOT_ITER) {
			vm_env__reject(env, "expected uninitialized %s as arg #0", it);
			return NULL;
		}
	return s;
}

/* Every slot of the iterator at spi (n of them, downwards) set to empty or to iterator. */
static void iter_mark_slots(struct vm_env *env, int spi, int n, bool iter)
{
	struct vm_frame *f = env->cur->frame[vm_env__reg(env, 1)->frameno];

	for (int i = 0; i < n; i++) {
		struct vm_slot *s = &f->slots[spi - i];

		memset(s, 0, sizeof(*s));
		vm_reg__mark_not_init(&s->spilled);
		for (int b = 0; iter && b < 8; b++)
			s->type[b] = VM_SLOT_ITER;
	}
	vm_live_write(env, vm_env__reg(env, 1)->frameno, ((1ull << n) - 1) << (spi - n + 1));
}

static int iter_next(struct vm_env *env, struct vm_slot *s, int spi, const struct vm_func_sig *sig)
{
	struct vm_reg *r0 = vm_env__reg(env, 0);
	int idx = env->insn_idx, frameno = vm_env__reg(env, 1)->frameno;

	vm_clobber_caller_saved(env);
	vm_reg__mark_unknown(r0);
	scalar_set_const(&r0->s, 0);
	r0->type = VM_PTR_MEM;
	r0->flags = VM_F_RDONLY;
	r0->mem_size = (uint32_t)sig->ret_size;
	/* the element is the iterator's: destroying it ends the pointer (release_reference) */
	r0->id = ++env->id_gen;
	r0->ref_obj_id = s->spilled.ref_obj_id;
	if (s->iter_state == VM_ITER_ACTIVE) {
		struct vm_state *prev = vm_find_prev_entry(env, env->cur->parent, idx), *q;
		struct vm_slot *qs;

		q = vm_env__push(env, idx + 1, idx);
		if (!q)
			return -EACCES;
		qs = &q->frame[frameno]->slots[spi];
		qs->iter_depth++;
		if (prev)
			vm_widen_imprecise(env, prev, q);
	}
	s->iter_state = VM_ITER_DRAINED;
	vm_reg__mark_const(r0, 0);
	return 0;
}

static int not_scalar(struct vm_env *env, int regno)
{
	char tn[48];

	return vm_env__reject(env, "R%d type=%s expected=scalar", regno,
			      vm_reg__type_name(vm_env__reg(env, regno), tn, sizeof(tn)));
}

/* bpf_iter_*_new: its scalar arguments, then an uninitialized iterator that holds a reference */
static int iter_new(struct vm_env *env, const struct vm_func_sig *sig)
{
	struct vm_slot *s;
	int spi;

	for (int r = 2; r <= 3; r++)
		if (sig->args[r - 1] != VM_ARG_NONE &&
		    (vm_env__check_read(env, r) ||
		     (sig->args[r - 1] == VM_ARG_SCALAR &&
		      vm_env__reg(env, r)->type != VM_SCALAR && not_scalar(env, r))))
			return -EACCES;
	if (!(s = iter_arg(env, sig, false, &spi)))
		return -EACCES;
	iter_mark_slots(env, spi, iter_slots(sig), true);
	s->iter_state = VM_ITER_ACTIVE;
	s->spilled.ref_obj_id = vm_acquire_ref(env, env->insn_idx);
	vm_clobber_caller_saved(env);
	vm_reg__mark_unknown(vm_env__reg(env, 0));
	return 0;
}

int vm_iter_kfunc_call(struct vm_env *env, const struct vm_func_sig *sig)
{
	struct vm_slot *s;
	int spi;

	if (sig->flags & VM_FN_ITER_NEW)
		return iter_new(env, sig);
	if (!(s = iter_arg(env, sig, true, &spi)))
		return -EACCES;
	if (sig->flags & VM_FN_ITER_NEXT)
		return iter_next(env, s, spi, sig);
	/* destroy */
	if (vm_release_ref(env, s->spilled.ref_obj_id))
		return -EACCES;
	iter_mark_slots(env, spi, iter_slots(sig), false);
	vm_clobber_caller_saved(env);
	vm_reg__mark_not_init(vm_env__reg(env, 0));
	return 0;
}
