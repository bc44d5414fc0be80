/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * entry.c: the state a run starts from. The program gets R1 = ctx; a
 * global subprogram gets its arguments typed from BTF the way
 * btf_prepare_func_args types them (scalars, ctx, sized memory that may
 * be NULL unless tagged __arg_nonnull).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>
#include <stdio.h>
#include "verifier-model/env.h"
#include "verifier-model/kbtf.h"
#include "verifier-model/entry.h"
#include "verifier-model/dynptr.h"

static const char *const ctx_names[] = {
	"__sk_buff", "xdp_md", "pt_regs", "bpf_perf_event_data", "bpf_sock_ops",
	"sk_msg_md", "bpf_sock_addr", "bpf_sock", "bpf_raw_tracepoint_args",
	"sk_reuseport_md", "bpf_sk_lookup", "bpf_cgroup_dev_ctx", "bpf_sysctl",
	"bpf_sockopt", "bpf_nf_ctx", NULL,
};

/* An argument-typing error: the kernel's words when verifying the callee. */
#define ARG_FAIL(env, report, ...) ((report) ? vm_env__reject(env, __VA_ARGS__) : -EINVAL)

static bool has_tag(const struct btf *btf, uint32_t func_id, int arg, const char *tag)
{
	uint32_t n = btf__type_cnt(btf);

	for (uint32_t id = 1; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);

		if (!btf_is_decl_tag(t) || t->type != func_id ||
		    btf_decl_tag(t)->component_idx != arg)
			continue;
		if (!strcmp(btf__name_by_offset(btf, t->name_off), tag))
			return true;
	}
	return false;
}

/*
 * __arg_trusted: a trusted pointer to the kernel struct of that name (a
 * CO-RE flavour "name___suffix" names the same struct), NULL only when
 * also __arg_nullable.
 */
static int trusted_arg(struct vm_env *env, const struct btf *btf, uint32_t func_id, int i,
		       const char *pname, struct vm_reg *r, bool report)
{
	const char *flavour = pname ? strstr(pname, "___") : NULL;
	char name[128];

	snprintf(name, sizeof(name), "%.*s", flavour ? (int)(flavour - pname) : 127,
		 pname ? pname : "");
	vm_reg__mark_unknown(r);
	scalar_set_const(&r->s, 0);
	r->type = VM_PTR_BTF;
	r->btf_id = vm_kbtf_struct_id(name);
	if (!r->btf_id)
		return ARG_FAIL(env, report, "arg#%d reference type('STRUCT %s') has no kernel BTF",
				i, name);
	r->flags = VM_F_TRUSTED;
	if (has_tag(btf, func_id, i, "arg:nullable")) {
		r->flags |= VM_F_MAYBE_NULL;
		r->id = ++env->id_gen;
	}
	return 0;
}

static int type_arg(struct vm_env *env, const struct btf *btf, uint32_t func_id, int i,
		    uint32_t type_id, struct vm_reg *r, const char *fname, bool report)
{
	const struct btf_type *t = btf__type_by_id(btf, btf__resolve_type(btf, type_id));
	const struct btf_type *pt;
	int64_t size;
	const char *pname;

	if (!t)
		return ARG_FAIL(env, report, "Global functions need valid BTF");
	if (btf_is_int(t) || btf_is_enum(t) || btf_is_enum64(t)) {
		vm_reg__mark_unknown(r);
		return 0;
	}
	if (!btf_is_ptr(t))
		return ARG_FAIL(env, report, "Arg#%d type %s in %s() is not supported yet.", i,
				      btf_is_struct(t) ? "STRUCT" : "?", fname);
	if (has_tag(btf, func_id, i, "arg:ctx"))
		goto ctx;
	pt = btf__type_by_id(btf, btf__resolve_type(btf, t->type));
	pname = pt ? btf__name_by_offset(btf, pt->name_off) : "";
	for (int k = 0; ctx_names[k]; k++)
		if (pname && !strcmp(pname, ctx_names[k]))
			goto ctx;
	if (pt && btf_is_struct(pt) && pname && !strcmp(pname, "bpf_dynptr")) {
		vm_dynptr_mark_arg(env, r);    /* ARG_PTR_TO_DYNPTR | MEM_RDONLY */
		return 0;
	}
	if (has_tag(btf, func_id, i, "arg:trusted"))
		return trusted_arg(env, btf, func_id, i, pname, r, report);
	if (has_tag(btf, func_id, i, "arg:arena")) {
		/* the callee gets a number; a caller (!report: the wanted types)
		 * passes an arena address or a number */
		vm_reg__mark_unknown(r);
		if (!report)
			r->type = VM_PTR_ARENA;
		return 0;
	}
	size = btf__resolve_size(btf, t->type);
	if (size <= 0)
		return ARG_FAIL(env, report, "arg#%d reference type('%s %s') size cannot be determined",
				      i, pt && btf_is_struct(pt) ? "STRUCT" : "UNKNOWN", pname ? pname : "");
	vm_reg__mark_unknown(r);
	scalar_set_const(&r->s, 0);
	r->type = VM_PTR_MEM;
	r->mem_size = (uint32_t)size;
	if (!has_tag(btf, func_id, i, "arg:nonnull")) {
		r->flags = VM_F_MAYBE_NULL;
		r->id = ++env->id_gen;
	}
	return 0;
ctx:
	vm_reg__mark_unknown(r);
	scalar_set_const(&r->s, 0);
	r->type = VM_PTR_CTX;
	return 0;
}

int vm_global_args(struct vm_env *env, int subprog, struct vm_reg *regs, int *nargs,
		   bool report)
{
	const struct btf *btf = env->obj->btf;
	const struct vm_subprog *sp = &env->prog->subprogs[subprog];
	const struct btf_type *fn, *proto, *ret;
	const struct btf_param *p;
	int n;

	if (!btf || !sp->btf_id)
		return ARG_FAIL(env, report, "Global functions need valid BTF");
	fn = btf__type_by_id(btf, sp->btf_id);
	proto = fn ? btf__type_by_id(btf, fn->type) : NULL;
	if (!proto || !btf_is_func_proto(proto))
		return ARG_FAIL(env, report, "Global functions need valid BTF");
	n = btf_vlen(proto);
	if (n > 5)
		return ARG_FAIL(env, report, "Global function %s() with %d > 5 args. Buggy compiler.",
				sp->name, n);
	ret = btf__type_by_id(btf, btf__resolve_type(btf, proto->type));
	if (!proto->type || !ret || !(btf_is_int(ret) || btf_is_enum(ret) || btf_is_enum64(ret)))
		return ARG_FAIL(env, report, "Global function %s() doesn't return scalar. Only those are supported.",
				sp->name);
	p = btf_params(proto);
	*nargs = n;
	for (int i = 0; i < n; i++) {
		int err = type_arg(env, btf, sp->btf_id, i, p[i].type, &regs[i + 1], sp->name,
				   report);

		if (err)
			return err;
	}
	return 0;
}

int vm_init_entry_state(struct vm_env *env, int subprog)
{
	struct vm_state *st = vm_state__new(&env->pool);
	struct vm_frame *f = vm_frame__new(&env->pool, -1, 0, subprog);

	if (!st || !f) {
		vm_state__free(st);
		vm_frame__free(f);
		return vm_env__limit(env, "model: out of memory");
	}
	st->frame[0] = f;
	st->branches = 1;
	st->first_insn_idx = (int)env->prog->subprogs[subprog].start;
	f->regs[VM_REG_FP].type = VM_PTR_STACK;
	scalar_set_const(&f->regs[VM_REG_FP].s, 0);
	env->cur = st;
	if (subprog == 0) {
		vm_reg__mark_unknown(&f->regs[1]);
		f->regs[1].type = VM_PTR_CTX;
		scalar_set_const(&f->regs[1].s, 0);
		return 0;
	}
	{
		int n;

		return vm_global_args(env, subprog, f->regs, &n, true);
	}
}
