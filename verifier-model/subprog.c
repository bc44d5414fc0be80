/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * subprog.c: frames. Static subprograms entered with the caller's
 * registers, global ones assumed valid at the call (one insn) and typed
 * from BTF for their own run, callbacks pushed at their helper call and
 * returning to it, exits, may_goto, and loop-entry widening.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>
#include "verifier-model/explore.h"
#include "verifier-model/helpers.h"
#include "verifier-model/insn.h"
#include "verifier-model/kbtf.h"
#include "verifier-model/kbtf_types.h"
#include "verifier-model/release.h"
#include "verifier-model/stack_live.h"
#include "verifier-model/memcheck.h"
#include "verifier-model/calls.h"
#include "verifier-model/subprog.h"
#include "verifier-model/entry.h"
#include "verifier-model/precision.h"
#include "verifier-model/stack_extra.h"
#include "verifier-model/dynptr.h"

static int new_frame(struct vm_env *env, struct vm_state *st, int subprog, int callsite)
{
	int fr = st->curframe + 1;
	struct vm_frame *f;

	if (fr >= VM_MAX_FRAMES)
		return vm_env__reject(env, "the call stack of %d frames is too deep", fr + 1);
	f = vm_frame__new(st->pool, callsite, fr, subprog);
	if (!f)
		return vm_env__limit(env, "model: out of memory");
	f->regs[VM_REG_FP].type = VM_PTR_STACK;
	f->regs[VM_REG_FP].frameno = (uint8_t)fr;
	scalar_set_const(&f->regs[VM_REG_FP].s, 0);
	st->frame[fr] = f;
	st->curframe = fr;
	vm_stack_extra_enter(env, subprog);
	return 0;
}

/*
 * Whether subprogram sub, or one it calls, calls a helper that changes
 * packet data (a tail call included): the kernel's changes_pkt_data, which
 * a global function's callers take as a clobber of their packet pointers.
 */
static bool changes_pkt_data(const struct vm_env *env, int sub, int depth)
{
	const struct vm_subprog *sp = &env->prog->subprogs[sub];

	if (depth > VM_MAX_FRAMES)
		return false;
	for (size_t i = sp->start; i < sp->start + sp->len && i < env->prog->n_insns; i++) {
		const struct bpf_insn *in = &env->prog->insns[i];
		const struct vm_func_sig *sig;

		if (in->code != (BPF_JMP | BPF_CALL))
			continue;
		if (in->src_reg == BPF_PSEUDO_CALL) {
			int t = env->cfg.subprog[i + in->imm + 1];

			if (t != sub && changes_pkt_data(env, t, depth + 1))
				return true;
		} else if (in->src_reg == 0) {
			/* a tail call counts here, not at the call itself */
			sig = vm_helper_sig_for(in->imm, env->prog->type);
			if (sig && (sig->flags & (VM_FN_PKT_CHANGE | VM_FN_TAIL_CALL)))
				return true;
		}
	}
	return false;
}

static bool is_global(const struct vm_env *env, int subprog)
{
	return subprog > 0 && (size_t)subprog < env->prog->n_subprogs &&
	       env->prog->subprogs[subprog].global;
}

static bool is_null_const(const struct vm_reg *r)
{
	return r->type == VM_SCALAR && scalar_is_const(&r->s) && !scalar_const_value(&r->s);
}

/* An __arg_trusted argument: a trusted or referenced pointer to that struct, NULL if nullable. */
static bool trusted_matches(const struct vm_reg *r, const struct vm_reg *want)
{
	if (is_null_const(r) || (r->flags & VM_F_MAYBE_NULL))
		return want->flags & VM_F_MAYBE_NULL;
	return r->type == VM_PTR_BTF && !r->off && ((r->flags & VM_F_TRUSTED) || r->ref_obj_id) &&
	       (!r->btf_id || vm_kbtf_struct_is(r->btf_id, vm_kbtf_name(want->btf_id)) != 0);
}

/* One argument against its BTF type (btf_check_func_arg_match); false: mismatch. */
static bool arg_matches(struct vm_env *env, int regno, const struct vm_reg *want)
{
	struct vm_reg *r = vm_env__reg(env, regno);
	enum vm_stop stop = env->stop;
	int err;

	if (want->type == VM_SCALAR)
		return r->type == VM_SCALAR;
	if (want->type == VM_PTR_ARENA)   /* __arg_arena */
		return r->type == VM_PTR_ARENA || r->type == VM_SCALAR;
	if (want->type == VM_PTR_CTX)
		return r->type == VM_PTR_CTX && !r->off;
	if (want->type == VM_PTR_BTF)
		return trusted_matches(r, want);
	if (want->type == VM_PTR_DYNPTR)    /* the caller words the rejection (measured) */
		err = vm_dynptr_global_arg(env, regno);
	else if (is_null_const(r))
		return want->flags & VM_F_MAYBE_NULL;
	else if ((r->flags & VM_F_MAYBE_NULL) && !(want->flags & VM_F_MAYBE_NULL))
		return false;
	else if (r->flags & VM_F_MAYBE_NULL) {
		struct vm_reg save = *r;

		r->flags &= ~VM_F_MAYBE_NULL;
		err = vm_check_helper_mem(env, regno, want->mem_size, false, false);
		*r = save;
	} else {
		err = vm_check_helper_mem(env, regno, want->mem_size, false, false);
	}
	if (err && env->stop == VM_STOP_REJECT && stop == VM_STOP_NONE)
		env->stop = VM_STOP_NONE;  /* the caller words the rejection */
	return !err;
}

static int check_global_args(struct vm_env *env, int sub)
{
	struct vm_reg want[6];
	int n = 0;
	bool ok = vm_global_args(env, sub, want, &n, false) == 0;

	for (int i = 1; ok && i <= n; i++)
		ok = vm_env__reg(env, i)->type != VM_NOT_INIT && arg_matches(env, i, &want[i]);
	if (env->stop != VM_STOP_NONE)
		return -EACCES;
	if (!ok)
		return vm_env__reject(env, "Caller passes invalid args into func#%d ('%s')", sub,
				      env->prog->subprogs[sub].name);
	return 0;
}

int vm_exec_subprog_call(struct vm_env *env, const struct bpf_insn *insn)
{
	int target = env->insn_idx + insn->imm + 1, sub = env->cfg.subprog[target];
	struct vm_frame *caller = vm_env__frame(env);
	int err;

	if (env->cur->curframe + 1 >= VM_MAX_FRAMES)
		return vm_env__reject(env, "the call stack of %d frames is too deep",
				      env->cur->curframe + 2);
	if (is_global(env, sub)) {
		if (check_global_args(env, sub))
			return -EACCES;
		env->global_called[sub] = true;
		for (int r = 1; r <= 5; r++)
			vm_reg__mark_not_init(&caller->regs[r]);
		vm_reg__mark_unknown(&caller->regs[0]);
		if (vm_release_has(env->opt->kernel, VM_FEAT_PKT_CHANGE_CALLS) &&
		    changes_pkt_data(env, sub, 0))
			vm_clear_pkt_pointers(env->cur);
		env->insn_idx++;
		return 0;
	}
	err = new_frame(env, env->cur, sub, env->insn_idx);
	if (err)
		return err;
	for (int r = 1; r <= 5; r++) {
		vm_env__frame(env)->regs[r] = caller->regs[r];
		vm_reg__mark_not_init(&caller->regs[r]);
	}
	env->insn_idx = target;
	return 0;
}

/* The callback's frame in st: its arguments from the caller's R1-R5 (args). */
static int callback_frame(struct vm_env *env, struct vm_state *st, int subprog, int helper,
			  const struct vm_reg *args)
{
	struct vm_frame *f;
	int err = new_frame(env, st, subprog, env->insn_idx);

	if (err)
		return err;
	f = st->frame[st->curframe];
	f->in_callback = 1;
	f->callback_ret_min = 0;
	f->callback_ret_max = 1;
	if (helper == BPF_FUNC_loop) {
		vm_reg__mark_unknown(&f->regs[1]);
		f->regs[2] = args[3];
	} else if (helper == BPF_FUNC_user_ringbuf_drain) {
		/* cb(dynptr, ctx): the dynptr is not memory it may touch */
		vm_reg__mark_unknown(&f->regs[1]);
		f->regs[1].type = VM_PTR_MEM;
		f->regs[1].flags = VM_F_RDONLY;
		f->regs[1].mem_size = 0;
		scalar_set_const(&f->regs[1].s, 0);
		f->regs[2] = args[3];
	} else if (helper == BPF_FUNC_find_vma) {
		/* cb(task, vma, ctx): set_find_vma_callback_state gives the vma as
		 * plain PTR_TO_BTF_ID, not PTR_TRUSTED: it may be NULL as far as
		 * the verifier knows, and kfuncs wanting trusted args refuse it */
		f->regs[1] = args[1];
		vm_reg__mark_unknown(&f->regs[2]);
		f->regs[2].type = VM_PTR_BTF;
		f->regs[2].flags = 0;
		f->regs[2].btf_id = vm_kbtf_struct_id("vm_area_struct");
		scalar_set_const(&f->regs[2].s, 0);
		f->regs[3] = args[4];
	} else {   /* for_each_map_elem(map, cb, ctx): cb(map, key, value, ctx) */
		f->regs[1] = args[1];
		vm_reg__mark_unknown(&f->regs[2]);
		f->regs[2].type = VM_PTR_MAP_KEY;
		f->regs[2].map = args[1].map;
		scalar_set_const(&f->regs[2].s, 0);
		f->regs[3] = f->regs[2];
		f->regs[3].type = VM_PTR_MAP_VALUE;
		f->regs[4] = args[3];
	}
	return 0;
}

static int check_callback(struct vm_env *env, int subprog)
{
	if (subprog <= 0 || (size_t)subprog >= env->prog->n_subprogs)
		return vm_env__reject(env, "R2 is not a valid callback");
	if (env->cur->curframe + 1 >= VM_MAX_FRAMES)
		return vm_env__reject(env, "the call stack of %d frames is too deep",
				      env->cur->curframe + 2);
	return 0;
}

/* bpf_loop / for_each_map_elem: a pending state that runs the callback once more. */
int vm_push_callback(struct vm_env *env, int subprog, int helper)
{
	struct vm_frame *caller = vm_env__frame(env);
	struct vm_state *cb;
	int err;

	if (subprog <= 0 || (size_t)subprog >= env->prog->n_subprogs)
		return vm_env__reject(env, "R2 is not a valid callback");
	if (helper == BPF_FUNC_loop) {
		if (vm_mark_precise(env, 1))
			return -EACCES;
		if (caller->callback_depth >= vm_env__reg(env, 1)->s.umax) {
			caller->callback_depth = 0;
			return 0;
		}
	}
	if (check_callback(env, subprog))
		return -EACCES;
	cb = vm_env__push(env, (int)env->prog->subprogs[subprog].start, env->insn_idx);
	if (!cb)
		return -EACCES;
	err = callback_frame(env, cb, subprog, helper, caller->regs);
	if (err)
		return err;
	cb->callback_unroll_depth++;
	cb->frame[cb->curframe - 1]->callback_depth++;
	caller->callback_depth = 0;
	return 0;
}

int vm_enter_callback(struct vm_env *env, int subprog, int helper, const struct vm_reg *args)
{
	int err = check_callback(env, subprog);

	if (!err)
		err = callback_frame(env, env->cur, subprog, helper, args);
	if (err)
		return err < 0 ? err : -EACCES;
	env->insn_idx = (int)env->prog->subprogs[subprog].start;
	return 1;
}

/* uapi values past the libbpf 1.1 headers this builds against */
enum {
	VM_CGROUP_UNIX_RECVMSG = 51, VM_CGROUP_UNIX_GETPEERNAME = 52,
	VM_CGROUP_UNIX_GETSOCKNAME = 53, VM_TRACE_KPROBE_SESSION = 56,
	VM_PROG_TYPE_NETFILTER = 32,
};

/* check_return_code's range for the program's type; false: any value goes */
static bool retval_range(const struct vm_prog *p, int *lo, int *hi)
{
	enum bpf_attach_type a = p->expected_attach_type;

	*lo = 0;
	*hi = 1;
	if ((int)p->type == VM_PROG_TYPE_NETFILTER)
		return true;
	switch (p->type) {
	case BPF_PROG_TYPE_CGROUP_SOCK_ADDR:
		if (a == BPF_CGROUP_UDP4_RECVMSG || a == BPF_CGROUP_UDP6_RECVMSG ||
		    a == (int)VM_CGROUP_UNIX_RECVMSG || a == BPF_CGROUP_INET4_GETPEERNAME ||
		    a == BPF_CGROUP_INET6_GETPEERNAME || a == (int)VM_CGROUP_UNIX_GETPEERNAME ||
		    a == BPF_CGROUP_INET4_GETSOCKNAME || a == BPF_CGROUP_INET6_GETSOCKNAME ||
		    a == (int)VM_CGROUP_UNIX_GETSOCKNAME)
			*lo = 1;
		if (a == BPF_CGROUP_INET4_BIND || a == BPF_CGROUP_INET6_BIND)
			*hi = 3;
		return true;
	case BPF_PROG_TYPE_CGROUP_SKB:
		if (a == BPF_CGROUP_INET_EGRESS)
			*hi = 3;
		return true;
	case BPF_PROG_TYPE_CGROUP_SOCK: case BPF_PROG_TYPE_SOCK_OPS:
	case BPF_PROG_TYPE_CGROUP_DEVICE: case BPF_PROG_TYPE_CGROUP_SYSCTL:
	case BPF_PROG_TYPE_CGROUP_SOCKOPT: case BPF_PROG_TYPE_SK_LOOKUP:
		return true;
	case BPF_PROG_TYPE_TRACING:
		*hi = 0;
		return a == BPF_TRACE_FENTRY || a == BPF_TRACE_FEXIT;
	case BPF_PROG_TYPE_KPROBE:
		return a == (int)VM_TRACE_KPROBE_SESSION;
	default:        /* LSM hooks' ranges come from BTF: not modelled */
		return false;
	}
}

/* verbose_invalid_scalar: R0's signed bounds, where it has any, against the range */
static int invalid_scalar(struct vm_env *env, const struct vm_reg *r0, const char *where,
			  int lo, int hi)
{
	char buf[96];
	int n = 0;

	if (r0->s.smin > INT64_MIN)
		n += snprintf(buf + n, sizeof(buf) - n, " smin=%lld", (long long)r0->s.smin);
	if (r0->s.smax < INT64_MAX)
		n += snprintf(buf + n, sizeof(buf) - n, " smax=%lld", (long long)r0->s.smax);
	if (!n)
		snprintf(buf, sizeof(buf), " unknown scalar value");
	return vm_env__reject(env, "At %s the register R0 has%s should have been in [%d, %d]",
			      where, buf, lo, hi);
}

/* check_return_code of the main program */
static int check_return_code(struct vm_env *env, const struct vm_reg *r0)
{
	char tn[48];
	int lo, hi;

	if (!retval_range(env->prog, &lo, &hi))
		return 0;
	if (r0->type != VM_SCALAR)
		return vm_env__reject(env, "At program exit the register R0 is not a known value (%s)",
				      vm_reg__type_name(r0, tn, sizeof(tn)));
	if (vm_mark_precise(env, 0))
		return -EACCES;
	if (r0->s.smin >= lo && r0->s.smax <= hi)
		return 0;
	return invalid_scalar(env, r0, "program exit", lo, hi);
}

static int main_exit(struct vm_env *env)
{
	struct vm_state *st = env->cur;
	struct vm_reg *r0 = vm_env__reg(env, 0);

	if (st->nrefs)  /* after "Unreleased reference id=%u alloc_insn=%d" */
		return vm_env__reject(env, "BPF_EXIT instruction in %s would lead to reference leak",
				      env->global_subprog > 0 ? "subprog" : "main prog");
	if (st->active_rcu)
		return vm_env__reject(env, "bpf_rcu_read_unlock is missing");
	if (st->lock_held)
		return vm_env__reject(env, "BPF_EXIT instruction in main prog cannot be used inside bpf_spin_lock-ed region");
	if (r0->type == VM_NOT_INIT)
		return vm_env__reject(env, "R0 !read_ok");
	if (env->global_subprog > 0 && r0->type != VM_SCALAR)
		return vm_env__reject(env, "At subprogram exit the register R0 is not a scalar value");
	if (env->global_subprog <= 0 && check_return_code(env, r0))
		return -EACCES;
	return 1;
}

int vm_exec_exit(struct vm_env *env, const struct bpf_insn *insn)
{
	struct vm_state *st = env->cur;
	struct vm_frame *callee, *caller;
	struct vm_reg *r0;
	bool cb;

	(void)insn;
	if (!st->curframe)
		return main_exit(env);
	if (vm_live_update(env))
		return -ENOMEM;
	callee = st->frame[st->curframe];
	caller = st->frame[st->curframe - 1];
	r0 = &callee->regs[0];
	if (callee->in_callback) {
		if (r0->type != VM_SCALAR)
			return vm_env__reject(env, "R0 not a scalar value");
		if (vm_mark_precise(env, 0))
			return -EACCES;
		if (r0->s.smin < callee->callback_ret_min || r0->s.smax > callee->callback_ret_max)
			return invalid_scalar(env, r0, "callback return", callee->callback_ret_min,
					      callee->callback_ret_max);
		/* before 6.8 the one pass returns past the call */
		env->insn_idx = callee->callsite +
				!vm_release_has(env->opt->kernel, VM_FEAT_CB_CONVERGE);
	} else {
		if (r0->type == VM_PTR_STACK && r0->frameno == st->curframe)
			return vm_env__reject(env, "cannot return stack pointer to the caller");
		caller->regs[0] = *r0;
		env->insn_idx = callee->callsite + 1;
	}
	cb = callee->in_callback;
	vm_frame__free(callee);
	st->frame[st->curframe--] = NULL;
	if (cb && vm_release_has(env->opt->kernel, VM_FEAT_CB_CONVERGE)) {
		struct vm_state *prev = vm_find_prev_entry(env, st, env->insn_idx);

		if (prev)
			vm_widen_imprecise(env, prev, st);
	}
	return 0;
}

int vm_exec_may_goto(struct vm_env *env, const struct bpf_insn *insn)
{
	int idx = env->insn_idx;
	struct vm_state *prev, *q;

	if (insn->dst_reg || insn->imm)
		return vm_env__reject(env, "invalid may_goto imm %d", insn->imm);
	prev = vm_find_prev_entry(env, env->cur->parent, idx);
	q = vm_env__push(env, idx + 1, idx);
	if (!q)
		return -EACCES;
	q->may_goto_depth++;
	vm_stack_extra_may_goto(env);
	if (prev)
		vm_widen_imprecise(env, prev, q);
	env->insn_idx = (int)vm_insn_jmp_target(insn, idx);
	return 0;
}

/* maybe_widen_reg: an imprecise scalar not exactly the old one (ids mapped) is forgotten */
static void widen_reg(const struct vm_reg *o, struct vm_reg *c, struct vm_idmap *m)
{
	if (o->type != VM_SCALAR || c->type != VM_SCALAR || o->precise || c->precise)
		return;
	if (vm_regsafe(o, c, m, VM_EXACT))
		return;
	vm_reg__mark_unknown(c);
}

void vm_widen_imprecise(struct vm_env *env, const struct vm_state *old, struct vm_state *cur)
{
	struct vm_idmap m = { .n = 0 };   /* one map for the whole state, as idmap_scratch */

	(void)env;
	for (int f = old->curframe; f >= 0; f--) {
		const struct vm_frame *of = old->frame[f];
		struct vm_frame *cf = cur->frame[f];

		if (!cf)
			continue;
		for (int r = 0; r < VM_MAX_REG; r++)
			widen_reg(&of->regs[r], &cf->regs[r], &m);
		for (int s = 0; s < of->nslots && s < cf->nslots; s++)
			if (of->slots[s].type[0] == VM_SLOT_SPILL && cf->slots[s].type[0] == VM_SLOT_SPILL)
				widen_reg(&of->slots[s].spilled, &cf->slots[s].spilled, &m);
	}
}
