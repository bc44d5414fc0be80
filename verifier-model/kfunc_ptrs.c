/* SPDX-License-Identifier: GPL-2.0-only */
/* kfunc_ptrs.c: BTF-pointer kfuncs, checked and applied from their table entry. */
#include <errno.h>
#include <linux/bpf.h>
#include "verifier-model/kfunc_ptrs.h"
#include "verifier-model/kbtf.h"
#include "verifier-model/kbtf_types.h"
#include "verifier-model/calls.h"

/*
 * bpf_prog_type_to_kfunc_hook and the sets registered on it: the generic
 * kfuncs (tasks, cgroups) for tracing (tracepoint and perf_event share its
 * hook), tc, XDP, struct_ops and syscall programs; cpumasks for tracing,
 * struct_ops and syscall programs.
 */
static bool kfunc_allowed(const struct vm_env *env, const struct vm_func_sig *sig)
{
	switch (env->prog->type) {
	case BPF_PROG_TYPE_TRACING: case BPF_PROG_TYPE_LSM: case BPF_PROG_TYPE_TRACEPOINT:
	case BPF_PROG_TYPE_PERF_EVENT: case BPF_PROG_TYPE_STRUCT_OPS: case BPF_PROG_TYPE_SYSCALL:
		return true;
	case BPF_PROG_TYPE_SCHED_CLS: case BPF_PROG_TYPE_XDP:
		return !(sig->flags & VM_FN_KF_CPUMASK);
	default:
		return false;
	}
}

/* A BTF pointer argument: of the wanted struct, not NULL, trusted or referenced. */
static int btf_arg(struct vm_env *env, const struct vm_func_sig *sig, int regno)
{
	const struct vm_reg *r = vm_env__reg(env, regno);
	char tn[48];

	if (r->type != VM_PTR_BTF)
		return vm_env__reject(env, "arg#%d pointer type STRUCT %s must point to scalar, or struct with scalar",
				      regno - 1, sig->arg_struct ? sig->arg_struct : "?");
	if (r->flags & VM_F_MAYBE_NULL)
		return vm_env__reject(env, "Possibly NULL pointer passed to trusted arg%d", regno - 1);
	if ((sig->flags & VM_FN_RELEASE) && !r->ref_obj_id)
		return vm_env__reject(env, "release kernel function %s expects refcounted PTR_TO_BTF_ID",
				      sig->name);
	/* is_trusted_reg failed: a KF_RCU kfunc asks for an RCU pointer instead */
	if (!(r->flags & VM_F_TRUSTED) && !r->ref_obj_id)
		return vm_env__reject(env, (sig->flags & VM_FN_KF_RCU) ? "R%d must be a rcu pointer" :
				      "R%d must be referenced or trusted", regno);
	if (sig->arg_struct && r->btf_id && vm_kbtf_struct_is(r->btf_id, sig->arg_struct) == 0)
		return vm_env__reject(env, "kernel function %s args#%d expected pointer to STRUCT %s but R%d has a pointer to %s",
				      sig->name, regno - 1, sig->arg_struct, regno,
				      vm_reg__type_name(r, tn, sizeof(tn)));
	return 0;
}

static int check_args(struct vm_env *env, const struct vm_func_sig *sig, uint32_t *release)
{
	*release = 0;
	for (int i = 0; i < 5 && sig->args[i] != VM_ARG_NONE; i++) {
		int regno = i + 1;

		if (vm_env__check_read(env, regno))
			return -EACCES;
		if (sig->args[i] == VM_ARG_SCALAR && vm_env__reg(env, regno)->type != VM_SCALAR)
			return vm_env__reject(env, "R%d is not a scalar", regno);
		if (sig->args[i] != VM_ARG_BTF_PTR)
			continue;
		if (btf_arg(env, sig, regno))
			return -EACCES;
		if (sig->flags & VM_FN_RELEASE)
			*release = vm_env__reg(env, regno)->ref_obj_id;
	}
	return 0;
}

int vm_kfunc_ptr_call(struct vm_env *env, const struct vm_func_sig *sig)
{
	struct vm_reg *r0;
	uint32_t release;

	if (!kfunc_allowed(env, sig))
		return vm_env__reject(env, "calling kernel function %s is not allowed", sig->name);
	if (check_args(env, sig, &release))
		return -EACCES;
	if (release && vm_release_ref(env, release))
		return -EACCES;
	for (int r = 1; r <= 5; r++)
		vm_reg__mark_not_init(vm_env__reg(env, r));
	r0 = vm_env__reg(env, 0);
	vm_reg__mark_unknown(r0);
	if (sig->ret == VM_RET_VOID) {
		vm_reg__mark_not_init(r0);
		return 0;
	}
	if (sig->ret != VM_RET_BTF_PTR && sig->ret != VM_RET_BTF_PTR_OR_NULL)
		return 0;
	scalar_set_const(&r0->s, 0);
	r0->type = VM_PTR_BTF;
	r0->btf_id = sig->ret_struct ? vm_kbtf_struct_id(sig->ret_struct) : 0;
	r0->flags = VM_F_TRUSTED;
	if (sig->ret == VM_RET_BTF_PTR_OR_NULL) {
		r0->flags |= VM_F_MAYBE_NULL;
		r0->id = ++env->id_gen;
	}
	if (sig->flags & VM_FN_ACQUIRE) {
		r0->ref_obj_id = vm_acquire_ref(env, env->insn_idx);
		r0->id = r0->ref_obj_id;
	}
	return 0;
}
