/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Section name → program type, after libbpf's section_defs table (the
 * common entries). "+" entries match the name alone or name/anything.
 */
#include <stdio.h>
#include <string.h>
#include <bpf/btf.h>
#include "verifier-model/obj_internal.h"
#include "verifier-model/sectype.h"

/* Values from newer UAPI than Debian 12's linux/bpf.h (6.1). */
#define VM_PROG_TYPE_NETFILTER 32
#define VM_ATTACH_NETFILTER 45
#define VM_ATTACH_TCX_INGRESS 46
#define VM_ATTACH_TCX_EGRESS 47
#define VM_ATTACH_UPROBE_MULTI 48

enum { EXACT = 1, PLUS = 2, SLEEP = 4, ATTACH_TO = 8 };

struct sec_def {
	const char *pfx;
	unsigned type, attach, flags;
};

static const struct sec_def defs[] = {
	{ "socket", BPF_PROG_TYPE_SOCKET_FILTER, 0, PLUS },
	{ "sk_reuseport/migrate", BPF_PROG_TYPE_SK_REUSEPORT, BPF_SK_REUSEPORT_SELECT_OR_MIGRATE, EXACT },
	{ "sk_reuseport", BPF_PROG_TYPE_SK_REUSEPORT, BPF_SK_REUSEPORT_SELECT, EXACT },
	{ "kprobe.multi", BPF_PROG_TYPE_KPROBE, BPF_TRACE_KPROBE_MULTI, PLUS },
	{ "kretprobe.multi", BPF_PROG_TYPE_KPROBE, BPF_TRACE_KPROBE_MULTI, PLUS },
	{ "uprobe.multi", BPF_PROG_TYPE_KPROBE, VM_ATTACH_UPROBE_MULTI, PLUS },
	{ "uprobe.multi.s", BPF_PROG_TYPE_KPROBE, VM_ATTACH_UPROBE_MULTI, PLUS | SLEEP },
	{ "kprobe", BPF_PROG_TYPE_KPROBE, 0, PLUS },
	{ "kretprobe", BPF_PROG_TYPE_KPROBE, 0, PLUS },
	{ "uprobe", BPF_PROG_TYPE_KPROBE, 0, PLUS },
	{ "uprobe.s", BPF_PROG_TYPE_KPROBE, 0, PLUS | SLEEP },
	{ "uretprobe", BPF_PROG_TYPE_KPROBE, 0, PLUS },
	{ "uretprobe.s", BPF_PROG_TYPE_KPROBE, 0, PLUS | SLEEP },
	{ "ksyscall", BPF_PROG_TYPE_KPROBE, 0, PLUS },
	{ "kretsyscall", BPF_PROG_TYPE_KPROBE, 0, PLUS },
	{ "usdt", BPF_PROG_TYPE_KPROBE, 0, PLUS },
	{ "tc/ingress", BPF_PROG_TYPE_SCHED_CLS, VM_ATTACH_TCX_INGRESS, EXACT },
	{ "tc/egress", BPF_PROG_TYPE_SCHED_CLS, VM_ATTACH_TCX_EGRESS, EXACT },
	{ "tcx/ingress", BPF_PROG_TYPE_SCHED_CLS, VM_ATTACH_TCX_INGRESS, EXACT },
	{ "tcx/egress", BPF_PROG_TYPE_SCHED_CLS, VM_ATTACH_TCX_EGRESS, EXACT },
	{ "tc", BPF_PROG_TYPE_SCHED_CLS, 0, PLUS },
	{ "classifier", BPF_PROG_TYPE_SCHED_CLS, 0, PLUS },
	{ "action", BPF_PROG_TYPE_SCHED_ACT, 0, PLUS },
	{ "tracepoint", BPF_PROG_TYPE_TRACEPOINT, 0, PLUS },
	{ "tp", BPF_PROG_TYPE_TRACEPOINT, 0, PLUS },
	{ "raw_tracepoint", BPF_PROG_TYPE_RAW_TRACEPOINT, 0, PLUS },
	{ "raw_tp", BPF_PROG_TYPE_RAW_TRACEPOINT, 0, PLUS },
	{ "raw_tracepoint.w", BPF_PROG_TYPE_RAW_TRACEPOINT_WRITABLE, 0, PLUS },
	{ "raw_tp.w", BPF_PROG_TYPE_RAW_TRACEPOINT_WRITABLE, 0, PLUS },
	{ "tp_btf", BPF_PROG_TYPE_TRACING, BPF_TRACE_RAW_TP, PLUS | ATTACH_TO },
	{ "fentry", BPF_PROG_TYPE_TRACING, BPF_TRACE_FENTRY, PLUS | ATTACH_TO },
	{ "fmod_ret", BPF_PROG_TYPE_TRACING, BPF_MODIFY_RETURN, PLUS | ATTACH_TO },
	{ "fexit", BPF_PROG_TYPE_TRACING, BPF_TRACE_FEXIT, PLUS | ATTACH_TO },
	{ "fentry.s", BPF_PROG_TYPE_TRACING, BPF_TRACE_FENTRY, PLUS | SLEEP | ATTACH_TO },
	{ "fmod_ret.s", BPF_PROG_TYPE_TRACING, BPF_MODIFY_RETURN, PLUS | SLEEP | ATTACH_TO },
	{ "fexit.s", BPF_PROG_TYPE_TRACING, BPF_TRACE_FEXIT, PLUS | SLEEP | ATTACH_TO },
	{ "freplace", BPF_PROG_TYPE_EXT, 0, PLUS | ATTACH_TO },
	{ "lsm", BPF_PROG_TYPE_LSM, BPF_LSM_MAC, PLUS | ATTACH_TO },
	{ "lsm.s", BPF_PROG_TYPE_LSM, BPF_LSM_MAC, PLUS | SLEEP | ATTACH_TO },
	{ "lsm_cgroup", BPF_PROG_TYPE_LSM, BPF_LSM_CGROUP, PLUS | ATTACH_TO },
	{ "iter", BPF_PROG_TYPE_TRACING, BPF_TRACE_ITER, PLUS | ATTACH_TO },
	{ "iter.s", BPF_PROG_TYPE_TRACING, BPF_TRACE_ITER, PLUS | SLEEP | ATTACH_TO },
	{ "syscall", BPF_PROG_TYPE_SYSCALL, 0, EXACT | SLEEP },
	{ "xdp.frags/devmap", BPF_PROG_TYPE_XDP, BPF_XDP_DEVMAP, EXACT },
	{ "xdp/devmap", BPF_PROG_TYPE_XDP, BPF_XDP_DEVMAP, EXACT },
	{ "xdp.frags/cpumap", BPF_PROG_TYPE_XDP, BPF_XDP_CPUMAP, EXACT },
	{ "xdp/cpumap", BPF_PROG_TYPE_XDP, BPF_XDP_CPUMAP, EXACT },
	{ "xdp.frags", BPF_PROG_TYPE_XDP, BPF_XDP, EXACT },
	{ "xdp", BPF_PROG_TYPE_XDP, BPF_XDP, PLUS },
	{ "perf_event", BPF_PROG_TYPE_PERF_EVENT, 0, EXACT },
	{ "lwt_in", BPF_PROG_TYPE_LWT_IN, 0, EXACT },
	{ "lwt_out", BPF_PROG_TYPE_LWT_OUT, 0, EXACT },
	{ "lwt_xmit", BPF_PROG_TYPE_LWT_XMIT, 0, EXACT },
	{ "lwt_seg6local", BPF_PROG_TYPE_LWT_SEG6LOCAL, 0, EXACT },
	{ "sockops", BPF_PROG_TYPE_SOCK_OPS, BPF_CGROUP_SOCK_OPS, EXACT },
	{ "sk_skb/stream_parser", BPF_PROG_TYPE_SK_SKB, BPF_SK_SKB_STREAM_PARSER, EXACT },
	{ "sk_skb/stream_verdict", BPF_PROG_TYPE_SK_SKB, BPF_SK_SKB_STREAM_VERDICT, EXACT },
	{ "sk_skb", BPF_PROG_TYPE_SK_SKB, 0, PLUS },
	{ "sk_msg", BPF_PROG_TYPE_SK_MSG, BPF_SK_MSG_VERDICT, EXACT },
	{ "lirc_mode2", BPF_PROG_TYPE_LIRC_MODE2, BPF_LIRC_MODE2, EXACT },
	{ "flow_dissector", BPF_PROG_TYPE_FLOW_DISSECTOR, BPF_FLOW_DISSECTOR, EXACT },
	{ "cgroup_skb/ingress", BPF_PROG_TYPE_CGROUP_SKB, BPF_CGROUP_INET_INGRESS, EXACT },
	{ "cgroup_skb/egress", BPF_PROG_TYPE_CGROUP_SKB, BPF_CGROUP_INET_EGRESS, EXACT },
	{ "cgroup/skb", BPF_PROG_TYPE_CGROUP_SKB, 0, EXACT },
	{ "cgroup/sock_create", BPF_PROG_TYPE_CGROUP_SOCK, BPF_CGROUP_INET_SOCK_CREATE, EXACT },
	{ "cgroup/sock_release", BPF_PROG_TYPE_CGROUP_SOCK, BPF_CGROUP_INET_SOCK_RELEASE, EXACT },
	{ "cgroup/sock", BPF_PROG_TYPE_CGROUP_SOCK, BPF_CGROUP_INET_SOCK_CREATE, EXACT },
	{ "cgroup/post_bind4", BPF_PROG_TYPE_CGROUP_SOCK, BPF_CGROUP_INET4_POST_BIND, EXACT },
	{ "cgroup/post_bind6", BPF_PROG_TYPE_CGROUP_SOCK, BPF_CGROUP_INET6_POST_BIND, EXACT },
	{ "cgroup/dev", BPF_PROG_TYPE_CGROUP_DEVICE, BPF_CGROUP_DEVICE, EXACT },
	{ "cgroup/bind4", BPF_PROG_TYPE_CGROUP_SOCK_ADDR, BPF_CGROUP_INET4_BIND, EXACT },
	{ "cgroup/bind6", BPF_PROG_TYPE_CGROUP_SOCK_ADDR, BPF_CGROUP_INET6_BIND, EXACT },
	{ "cgroup/connect4", BPF_PROG_TYPE_CGROUP_SOCK_ADDR, BPF_CGROUP_INET4_CONNECT, EXACT },
	{ "cgroup/connect6", BPF_PROG_TYPE_CGROUP_SOCK_ADDR, BPF_CGROUP_INET6_CONNECT, EXACT },
	{ "cgroup/sendmsg4", BPF_PROG_TYPE_CGROUP_SOCK_ADDR, BPF_CGROUP_UDP4_SENDMSG, EXACT },
	{ "cgroup/sendmsg6", BPF_PROG_TYPE_CGROUP_SOCK_ADDR, BPF_CGROUP_UDP6_SENDMSG, EXACT },
	{ "cgroup/recvmsg4", BPF_PROG_TYPE_CGROUP_SOCK_ADDR, BPF_CGROUP_UDP4_RECVMSG, EXACT },
	{ "cgroup/recvmsg6", BPF_PROG_TYPE_CGROUP_SOCK_ADDR, BPF_CGROUP_UDP6_RECVMSG, EXACT },
	{ "cgroup/getpeername4", BPF_PROG_TYPE_CGROUP_SOCK_ADDR, BPF_CGROUP_INET4_GETPEERNAME, EXACT },
	{ "cgroup/getpeername6", BPF_PROG_TYPE_CGROUP_SOCK_ADDR, BPF_CGROUP_INET6_GETPEERNAME, EXACT },
	{ "cgroup/getsockname4", BPF_PROG_TYPE_CGROUP_SOCK_ADDR, BPF_CGROUP_INET4_GETSOCKNAME, EXACT },
	{ "cgroup/getsockname6", BPF_PROG_TYPE_CGROUP_SOCK_ADDR, BPF_CGROUP_INET6_GETSOCKNAME, EXACT },
	{ "cgroup/sysctl", BPF_PROG_TYPE_CGROUP_SYSCTL, BPF_CGROUP_SYSCTL, EXACT },
	{ "cgroup/getsockopt", BPF_PROG_TYPE_CGROUP_SOCKOPT, BPF_CGROUP_GETSOCKOPT, EXACT },
	{ "cgroup/setsockopt", BPF_PROG_TYPE_CGROUP_SOCKOPT, BPF_CGROUP_SETSOCKOPT, EXACT },
	{ "struct_ops", BPF_PROG_TYPE_STRUCT_OPS, 0, PLUS },
	{ "struct_ops.s", BPF_PROG_TYPE_STRUCT_OPS, 0, PLUS | SLEEP },
	{ "sk_lookup", BPF_PROG_TYPE_SK_LOOKUP, BPF_SK_LOOKUP, EXACT },
	{ "netfilter", VM_PROG_TYPE_NETFILTER, VM_ATTACH_NETFILTER, EXACT },
};

static bool matches(const struct sec_def *d, const char *sec, const char **rest)
{
	size_t n = strlen(d->pfx);

	if (strncmp(sec, d->pfx, n))
		return false;
	*rest = NULL;
	if (!sec[n])
		return true;
	if (!(d->flags & PLUS) || sec[n] != '/')
		return false;
	*rest = sec + n + 1;
	return true;
}

bool ld_section_type(const char *sec, struct vm_prog *prog)
{
	/* a leading '?' only turns autoload off: libbpf forgets it for the type */
	if (sec[0] == '?')
		sec++;
	/* first match wins, as in libbpf; longer names are listed first */
	for (size_t i = 0; i < sizeof(defs) / sizeof(defs[0]); i++) {
		const char *rest;

		if (!matches(&defs[i], sec, &rest))
			continue;
		prog->type = defs[i].type;
		prog->expected_attach_type = defs[i].attach;
		prog->sleepable = defs[i].flags & SLEEP;
		prog->attach_to = (defs[i].flags & ATTACH_TO) && rest && *rest
				  ? rest : NULL;
		return true;
	}
	prog->type = BPF_PROG_TYPE_UNSPEC;
	return false;
}

/*
 * veristat's guess from the context argument's type name (UAPI or
 * kernel-side), for sections libbpf does not know and for freplace.
 */
static const struct ctx_guess {
	const char *uapi, *kern;
	unsigned type, attach;
} ctx_guesses[] = {
	{ "__sk_buff", "sk_buff", BPF_PROG_TYPE_SCHED_CLS, 0 },
	{ "bpf_sock", "sock", BPF_PROG_TYPE_CGROUP_SOCK, BPF_CGROUP_INET4_POST_BIND },
	{ "bpf_sock_addr", "bpf_sock_addr_kern", BPF_PROG_TYPE_CGROUP_SOCK_ADDR, BPF_CGROUP_INET4_BIND },
	{ "bpf_sock_ops", "bpf_sock_ops_kern", BPF_PROG_TYPE_SOCK_OPS, BPF_CGROUP_SOCK_OPS },
	{ "sk_msg_md", "sk_msg", BPF_PROG_TYPE_SK_MSG, BPF_SK_MSG_VERDICT },
	{ "bpf_cgroup_dev_ctx", "bpf_cgroup_dev_ctx", BPF_PROG_TYPE_CGROUP_DEVICE, BPF_CGROUP_DEVICE },
	{ "bpf_sysctl", "bpf_sysctl_kern", BPF_PROG_TYPE_CGROUP_SYSCTL, BPF_CGROUP_SYSCTL },
	{ "bpf_sockopt", "bpf_sockopt_kern", BPF_PROG_TYPE_CGROUP_SOCKOPT, BPF_CGROUP_SETSOCKOPT },
	{ "sk_reuseport_md", "sk_reuseport_kern", BPF_PROG_TYPE_SK_REUSEPORT, BPF_SK_REUSEPORT_SELECT_OR_MIGRATE },
	{ "bpf_sk_lookup", "bpf_sk_lookup_kern", BPF_PROG_TYPE_SK_LOOKUP, BPF_SK_LOOKUP },
	{ "xdp_md", "xdp_buff", BPF_PROG_TYPE_XDP, BPF_XDP },
	{ "bpf_user_pt_regs_t", "pt_regs", BPF_PROG_TYPE_KPROBE, 0 },
	{ "bpf_perf_event_data", "bpf_perf_event_data_kern", BPF_PROG_TYPE_PERF_EVENT, 0 },
	{ "bpf_raw_tracepoint_args", NULL, BPF_PROG_TYPE_RAW_TRACEPOINT, 0 },
};

/* The name of the struct or typedef func's first argument points to, or NULL. */
static const char *ctx_type_name(const struct btf *btf, const char *func)
{
	int id = btf ? btf__find_by_name_kind(btf, func, BTF_KIND_FUNC) : -1;
	const struct btf_type *t = id > 0 ? btf__type_by_id(btf, id) : NULL;

	t = t ? btf__type_by_id(btf, t->type) : NULL;
	if (!t || !btf_is_func_proto(t) || btf_vlen(t) < 1)
		return NULL;
	t = btf__type_by_id(btf, btf_params(t)[0].type);
	while (t && btf_is_mod(t))
		t = btf__type_by_id(btf, t->type);
	if (!t || !btf_is_ptr(t))
		return NULL;
	t = btf__type_by_id(btf, t->type);
	while (t && btf_is_mod(t))
		t = btf__type_by_id(btf, t->type);
	return t ? btf__name_by_offset(btf, t->name_off) : NULL;
}

bool vm_guess_type_by_ctx(const struct btf *btf, const char *func,
			  unsigned *type, unsigned *attach, const char **ctx)
{
	const char *name = ctx_type_name(btf, func);

	*ctx = name;
	for (size_t i = 0; name && i < sizeof(ctx_guesses) / sizeof(ctx_guesses[0]); i++) {
		const struct ctx_guess *g = &ctx_guesses[i];

		if (!strcmp(g->uapi, name) || (g->kern && !strcmp(g->kern, name))) {
			*type = g->type;
			*attach = g->attach;
			return true;
		}
	}
	return false;
}
