/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctx.c: context accesses per program type (the kernel's
 * *_is_valid_access for the common types): which offsets are readable,
 * which give packet pointers, which are writable.
 */
#include <stddef.h>
#include <linux/bpf.h>
#include "verifier-model/explore.h"
#include "verifier-model/kbtf.h"

int vm_check_ctx_access(struct vm_env *env, int regno, int off, int size, bool write,
			int dst);

enum field { F_BAD, F_SCALAR, F_PKT, F_PKT_END, F_PKT_META, F_BTF };

static enum field xdp_field(int off, int size, bool write)
{
	if (write || off < 0 || off + size > (int)sizeof(struct xdp_md) || off % size)
		return F_BAD;
	switch (off) {
	case offsetof(struct xdp_md, data): return size == 4 ? F_PKT : F_BAD;
	case offsetof(struct xdp_md, data_end): return size == 4 ? F_PKT_END : F_BAD;
	case offsetof(struct xdp_md, data_meta): return size == 4 ? F_PKT_META : F_BAD;
	default: return F_SCALAR;
	}
}

static enum field skb_field(enum bpf_prog_type t, int off, int size, bool write)
{
	bool tc = t == BPF_PROG_TYPE_SCHED_CLS || t == BPF_PROG_TYPE_SCHED_ACT;

	if (off < 0 || off + size > (int)sizeof(struct __sk_buff) || off % size)
		return F_BAD;
	if (off == offsetof(struct __sk_buff, data) || off == offsetof(struct __sk_buff, data_end) ||
	    off == offsetof(struct __sk_buff, data_meta)) {
		if (write || size != 4 || t == BPF_PROG_TYPE_SOCKET_FILTER)
			return F_BAD;
		if (off == offsetof(struct __sk_buff, data_meta) && !tc)
			return F_BAD;
		return off == offsetof(struct __sk_buff, data) ? F_PKT :
		       off == offsetof(struct __sk_buff, data_end) ? F_PKT_END : F_PKT_META;
	}
	if (write) {
		bool ok = (off >= (int)offsetof(struct __sk_buff, cb[0]) &&
			   off < (int)offsetof(struct __sk_buff, cb[4]) + 4) ||
			  off == offsetof(struct __sk_buff, mark) ||
			  off == offsetof(struct __sk_buff, priority) ||
			  (tc && (off == offsetof(struct __sk_buff, tc_index) ||
				  off == offsetof(struct __sk_buff, tc_classid) ||
				  off == offsetof(struct __sk_buff, queue_mapping)));
		return ok ? F_SCALAR : F_BAD;
	}
	return F_SCALAR;
}

static enum field ctx_field(struct vm_env *env, int off, int size, bool write)
{
	enum bpf_prog_type t = env->prog->type;

	switch (t) {
	case BPF_PROG_TYPE_XDP:
		return xdp_field(off, size, write);
	case BPF_PROG_TYPE_SCHED_CLS: case BPF_PROG_TYPE_SCHED_ACT:
	case BPF_PROG_TYPE_SOCKET_FILTER: case BPF_PROG_TYPE_CGROUP_SKB:
		return skb_field(t, off, size, write);
	case BPF_PROG_TYPE_KPROBE:
		if (write || off < 0 || off + size > 168 || off % size)
			return F_BAD;
		return F_SCALAR;
	case BPF_PROG_TYPE_TRACEPOINT:
		if (write || off < 0 || off + size > 2048 || off % size)
			return F_BAD;
		return F_SCALAR;
	case BPF_PROG_TYPE_RAW_TRACEPOINT:
		if (write || off < 0 || off + size > 8 * 12 || off % size || size != 8)
			return F_BAD;
		return F_SCALAR;
	case BPF_PROG_TYPE_TRACING: case BPF_PROG_TYPE_LSM:
		/* u64 argument slots; an int argument may be read narrower
		 * (an iter's u32 fd at off 16, size 4) */
		if (write || off < 0 || off % size || off + size > 8 * 12)
			return F_BAD;
		return F_SCALAR;
	default:
		if (write || off < 0 || off % size)
			return F_BAD;
		return F_SCALAR;
	}
}

int vm_check_ctx_access(struct vm_env *env, int regno, int off, int size, bool write, int dst)
{
	const struct vm_reg *reg = vm_env__reg(env, regno);
	struct vm_reg *d;
	enum field f;

	if (!scalar_is_const(&reg->s) || scalar_const_value(&reg->s))
		return vm_env__reject(env, "variable ctx access var_off=(0x%llx; 0x%llx) disallowed",
				      (unsigned long long)reg->s.var_off.value,
				      (unsigned long long)reg->s.var_off.mask);
	if (reg->off)
		return vm_env__reject(env, "dereference of modified ctx ptr R%d off=%d disallowed",
				      regno, reg->off);
	f = ctx_field(env, off, size, write);
	if (f == F_BAD)
		return vm_env__reject(env, "invalid bpf_context access off=%d size=%d", off, size);
	if (write || dst < 0)
		return 0;
	d = vm_env__reg(env, dst);
	vm_reg__mark_unknown(d);
	if ((env->prog->type == BPF_PROG_TYPE_TRACING || env->prog->type == BPF_PROG_TYPE_LSM) &&
	    size == 8 && vm_kbtf_ctx_arg(env->prog, off, d)) {
		if (d->flags & VM_F_MAYBE_NULL)
			d->id = ++env->id_gen;
		return 0;
	}
	switch (f) {
	case F_PKT: d->type = VM_PTR_PKT; break;
	case F_PKT_END: d->type = VM_PTR_PKT_END; break;
	case F_PKT_META: d->type = VM_PTR_PKT_META; break;
	default:
		if (size < 8)
			scalar_set_unknown_size(&d->s, size);
		return 0;
	}
	scalar_set_const(&d->s, 0);
	return 0;
}
