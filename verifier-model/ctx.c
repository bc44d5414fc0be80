/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctx.c: context accesses per program type (the kernel's
 * *_is_valid_access for the common types): which offsets are readable,
 * which give packet pointers, which are writable.
 */
#include <errno.h>
#include <stddef.h>
#include <linux/bpf.h>
#include "verifier-model/env.h"
#include "verifier-model/kbtf.h"
#include "verifier-model/kbtf_types.h"
#include "verifier-model/ctx.h"

#define offsetofend(T, m) (offsetof(T, m) + sizeof(((T *)0)->m))

enum field { F_BAD, F_SCALAR, F_PKT, F_PKT_END, F_PKT_META, F_BTF, F_SOCK_COMMON_OR_NULL,
	     F_SOCKET, F_SOCKET_OR_NULL, F_FLOW_KEYS, F_NF_STATE, F_NF_SKB };

/* BPF_PROG_TYPE_NETFILTER, past some uapi headers */
#define VM_PROG_TYPE_NETFILTER 32

/* a __bpf_md_ptr field: an 8-byte load only */
static enum field md_ptr(int size, bool write, enum field f)
{
	return write || size != 8 ? F_BAD : f;
}

/* fields of u32 a program may store to, at [lo, hi) */
static enum field writable(int off, int size, int lo, int hi)
{
	return off >= lo && off + size <= hi && size == 4 ? F_SCALAR : F_BAD;
}

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

/* __sk_buff u32 fields (bit = offset / 4) each type may read, measured on 6.18 */
static uint64_t skb_readable(enum bpf_prog_type t)
{
	const uint64_t low18 = (1ull << 18) - 1, tail = 1ull << 41 | 1ull << 44;

	switch (t) {
	case BPF_PROG_TYPE_SCHED_CLS: case BPF_PROG_TYPE_SCHED_ACT:
		return ((1ull << 22) - 1) | 1ull << 35 | 1ull << 40 | tail;
	case BPF_PROG_TYPE_CGROUP_SKB:
		return low18 | (((1ull << 35) - 1) & ~((1ull << 19) - 1)) | tail;
	case BPF_PROG_TYPE_SK_SKB:
		return (low18 & ~(1ull << 2)) | (((1ull << 35) - 1) & ~((1ull << 19) - 1)) | tail;
	case BPF_PROG_TYPE_FLOW_DISSECTOR:
		return 1ull << 19 | 1ull << 20;
	case BPF_PROG_TYPE_SOCKET_FILTER:
		return low18 | 1ull << 21 | tail;
	default:    /* lwt */
		return low18 | 7ull << 19 | tail;
	}
}

/* __sk_buff's cb[0..4]: any aligned size, 8 bytes included */
static bool in_cb(int off, int size)
{
	return off >= (int)offsetof(struct __sk_buff, cb[0]) &&
	       off + size <= (int)offsetofend(struct __sk_buff, cb[4]);
}

static enum field skb_field(enum bpf_prog_type t, int off, int size, bool write)
{
	bool tc = t == BPF_PROG_TYPE_SCHED_CLS || t == BPF_PROG_TYPE_SCHED_ACT;

	if (off < 0 || off + size > (int)sizeof(struct __sk_buff) || off % size)
		return F_BAD;
	if (off == offsetof(struct __sk_buff, sk))   /* every skb type but the flow dissector */
		return t != BPF_PROG_TYPE_FLOW_DISSECTOR ?
		       md_ptr(size, write, F_SOCK_COMMON_OR_NULL) : F_BAD;
	if (off == offsetof(struct __sk_buff, flow_keys))
		return t == BPF_PROG_TYPE_FLOW_DISSECTOR ? md_ptr(size, write, F_FLOW_KEYS) : F_BAD;
	if (size == 8 ? off != offsetof(struct __sk_buff, tstamp) &&
			off != offsetof(struct __sk_buff, hwtstamp) && !in_cb(off, size) :
			(off / 4 >= 64 || !(skb_readable(t) >> (off / 4) & 1)))
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
		bool ok = in_cb(off, size) ||
			  (off == offsetof(struct __sk_buff, tstamp) &&
			   (tc || t == BPF_PROG_TYPE_CGROUP_SKB)) ||
			  off == offsetof(struct __sk_buff, mark) ||
			  off == offsetof(struct __sk_buff, priority) ||
			  (tc && (off == offsetof(struct __sk_buff, tc_index) ||
				  off == offsetof(struct __sk_buff, tc_classid) ||
				  off == offsetof(struct __sk_buff, queue_mapping)));
		return ok ? F_SCALAR : F_BAD;
	}
	return F_SCALAR;
}

/* the socket and cgroup hooks' contexts: pointers they hold, fields they may set */
static enum field sock_hook_field(enum bpf_prog_type t, int off, int size, bool write)
{
#define AT(s, f) (off == (int)offsetof(struct s, f))
	/* a __bpf_md_ptr field: only its whole 8-byte load (bpf_ctx_range_ptr) */
#define PTR(s, f, kind) if (off >= (int)offsetof(struct s, f) && off < (int)offsetofend(struct s, f)) \
		return AT(s, f) ? md_ptr(size, write, kind) : F_BAD
#define W(s, lo, hi) (write ? writable(off, size, offsetof(struct s, lo), offsetofend(struct s, hi)) \
			    : F_SCALAR)
	switch (t) {
	case BPF_PROG_TYPE_SK_MSG:
		PTR(sk_msg_md, data, F_PKT);
		PTR(sk_msg_md, data_end, F_PKT_END);
		PTR(sk_msg_md, sk, F_SOCKET);
		return write || off + size > (int)sizeof(struct sk_msg_md) ? F_BAD : F_SCALAR;
	case BPF_PROG_TYPE_SK_REUSEPORT:
		PTR(sk_reuseport_md, data, F_PKT);
		PTR(sk_reuseport_md, data_end, F_PKT_END);
		PTR(sk_reuseport_md, sk, F_SOCKET);
		PTR(sk_reuseport_md, migrating_sk, F_SOCK_COMMON_OR_NULL);
		return write || off + size > (int)sizeof(struct sk_reuseport_md) ? F_BAD : F_SCALAR;
	case BPF_PROG_TYPE_CGROUP_SOCKOPT:
		PTR(bpf_sockopt, sk, F_SOCKET);
		PTR(bpf_sockopt, optval, F_PKT);
		PTR(bpf_sockopt, optval_end, F_PKT_END);
		return off + size > (int)sizeof(struct bpf_sockopt) ? F_BAD : W(bpf_sockopt, level, retval);
	case BPF_PROG_TYPE_SK_LOOKUP:
		PTR(bpf_sk_lookup, sk, F_SOCKET_OR_NULL);
		return write || off + size > (int)sizeof(struct bpf_sk_lookup) ? F_BAD : F_SCALAR;
	case BPF_PROG_TYPE_SOCK_OPS:
		PTR(bpf_sock_ops, sk, F_SOCKET_OR_NULL);
		PTR(bpf_sock_ops, skb_data, F_PKT);
		PTR(bpf_sock_ops, skb_data_end, F_PKT_END);
		if (off + size > (int)sizeof(struct bpf_sock_ops))
			return F_BAD;
		if (write && AT(bpf_sock_ops, sk_txhash))
			return size == 4 ? F_SCALAR : F_BAD;
		return W(bpf_sock_ops, reply, replylong[3]);
	case BPF_PROG_TYPE_CGROUP_SOCK_ADDR:
		PTR(bpf_sock_addr, sk, F_SOCKET);
		if (off + size > (int)sizeof(struct bpf_sock_addr))
			return F_BAD;
		if (write && off >= (int)offsetof(struct bpf_sock_addr, msg_src_ip4))
			return W(bpf_sock_addr, msg_src_ip4, msg_src_ip6[3]);
		return W(bpf_sock_addr, user_ip4, user_port);
	case BPF_PROG_TYPE_CGROUP_SOCK:
		if (off + size > (int)sizeof(struct bpf_sock))
			return F_BAD;
		if (write && AT(bpf_sock, bound_dev_if))
			return size == 4 ? F_SCALAR : F_BAD;
		return W(bpf_sock, mark, priority);
	case BPF_PROG_TYPE_CGROUP_SYSCTL:
		if (off + size > (int)sizeof(struct bpf_sysctl))
			return F_BAD;
		return W(bpf_sysctl, file_pos, file_pos);
	default:
		return F_BAD;
	}
#undef AT
#undef PTR
#undef W
}

static enum field ctx_field(struct vm_env *env, int off, int size, bool write)
{
	enum bpf_prog_type t = env->prog->type;

	switch ((int)t) {
	case BPF_PROG_TYPE_SK_MSG: case BPF_PROG_TYPE_SK_REUSEPORT: case BPF_PROG_TYPE_CGROUP_SOCKOPT:
	case BPF_PROG_TYPE_SK_LOOKUP: case BPF_PROG_TYPE_SOCK_OPS: case BPF_PROG_TYPE_CGROUP_SOCK_ADDR:
	case BPF_PROG_TYPE_CGROUP_SOCK: case BPF_PROG_TYPE_CGROUP_SYSCTL:
		if (off < 0 || off % size)
			return F_BAD;
		return sock_hook_field(t, off, size, write);
	case BPF_PROG_TYPE_XDP:
		return xdp_field(off, size, write);
	case BPF_PROG_TYPE_SCHED_CLS: case BPF_PROG_TYPE_SCHED_ACT:
	case BPF_PROG_TYPE_SOCKET_FILTER: case BPF_PROG_TYPE_CGROUP_SKB:
	case BPF_PROG_TYPE_SK_SKB: case BPF_PROG_TYPE_FLOW_DISSECTOR: case BPF_PROG_TYPE_LWT_IN:
	case BPF_PROG_TYPE_LWT_OUT: case BPF_PROG_TYPE_LWT_XMIT: case BPF_PROG_TYPE_LWT_SEG6LOCAL:
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
	case VM_PROG_TYPE_NETFILTER:
		/* nf_is_valid_access: struct bpf_nf_ctx { state; skb; }, 8-byte reads */
		if (write || off < 0 || off >= 16 || size != 8)
			return F_BAD;
		return off < 8 ? F_NF_STATE : F_NF_SKB;
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

/* __check_ptr_off_reg for a context pointer: loads and helper arguments alike */
int vm_check_ctx_ptr_off(struct vm_env *env, int regno)
{
	const struct vm_reg *reg = vm_env__reg(env, regno);

	if (reg->off < 0)
		return vm_env__reject(env, "negative offset ctx ptr R%d off=%d disallowed", regno,
				      reg->off);
	if (reg->off)
		return vm_env__reject(env, "dereference of modified ctx ptr R%d off=%d disallowed",
				      regno, reg->off);
	if (!scalar_is_const(&reg->s) || scalar_const_value(&reg->s))
		return vm_env__reject(env, "variable ctx access var_off=(0x%llx; 0x%llx) disallowed",
				      (unsigned long long)reg->s.var_off.value,
				      (unsigned long long)reg->s.var_off.mask);
	return 0;
}

int vm_check_ctx_access(struct vm_env *env, int regno, int off, int size, bool write, int dst,
			bool sx)
{
	struct vm_reg *d;
	enum field f;

	if (vm_check_ctx_ptr_off(env, regno))
		return -EACCES;
	f = ctx_field(env, off, size, write);
	if (sx && (f == F_PKT || f == F_PKT_END || f == F_PKT_META))
		f = F_BAD;      /* is_ldsx: a packet pointer is never sign-extended */
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
	case F_SOCKET: d->type = VM_PTR_SOCKET; break;
	case F_SOCK_COMMON_OR_NULL: case F_SOCKET_OR_NULL:
		d->type = f == F_SOCKET_OR_NULL ? VM_PTR_SOCKET : VM_PTR_SOCK_COMMON;
		d->flags = VM_F_MAYBE_NULL;
		d->id = ++env->id_gen;
		break;
	case F_NF_STATE: case F_NF_SKB:
		/* trusted: the kernel words an R0 of it "trusted_ptr_" at exit */
		d->type = VM_PTR_BTF;
		d->flags = VM_F_TRUSTED;
		d->btf_id = vm_kbtf_struct_id(f == F_NF_STATE ? "nf_hook_state" : "sk_buff");
		break;
	case F_FLOW_KEYS:
		d->type = VM_PTR_MEM;
		d->flags = VM_F_FLOW_KEYS;
		d->mem_size = sizeof(struct bpf_flow_keys);
		break;
	default:
		if (size < 8)
			scalar_set_unknown_size(&d->s, size);
		return 0;
	}
	scalar_set_const(&d->s, 0);
	return 0;
}

/* bpf_sock_is_valid_access / bpf_sock_common_is_valid_access / bpf_tcp_sock_is_valid_access */
bool vm_sock_field_ok(int type, int off, int size)
{
	if (off < 0 || size <= 0 || off % size)
		return false;
	if (type == VM_PTR_TCP_SOCK) {
		if (off + size > (int)sizeof(struct bpf_tcp_sock))
			return false;
		return size == (off == (int)offsetof(struct bpf_tcp_sock, bytes_received) ||
				off == (int)offsetof(struct bpf_tcp_sock, bytes_acked) ? 8 : 4);
	}
	if (off + size > (int)sizeof(struct bpf_sock))
		return false;
	if (type == VM_PTR_SOCK_COMMON && off >= (int)offsetof(struct bpf_sock, type) &&
	    off < (int)offsetofend(struct bpf_sock, priority))
		return false;
	if (off == offsetof(struct bpf_sock, bound_dev_if) || off == offsetof(struct bpf_sock, mark) ||
	    off == offsetof(struct bpf_sock, priority))
		return size == 4;
	if (off >= (int)offsetof(struct bpf_sock, dst_port) &&
	    off < (int)offsetof(struct bpf_sock, dst_ip4))
		return size == 4 ? off == offsetof(struct bpf_sock, dst_port) :
		       off + size <= (int)offsetofend(struct bpf_sock, dst_port);
	return size <= 4;   /* u32 fields, narrow loads allowed */
}
