/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * helper_avail.c: which program types get which helper (the kernel's
 * per-type *_func_proto switches). A helper a type does not get is
 * refused as "program of this type cannot use helper" before its
 * arguments are looked at. Measured on the 6.18 host, one load of
 * "call N; r0 = 0; exit" per helper and program type (the cgroup types
 * with their usual attach type; where the attach type matters further,
 * e.g. bind() for connect hooks only, it is not modelled). Types that need an
 * attach target (tracing, LSM, ext, struct_ops) or a driver (lirc) could
 * not be measured and are not checked.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <linux/bpf.h>
#include "verifier-model/helpers.h"

#define P(t) (1ull << BPF_PROG_TYPE_##t)
#define NF (1ull << 32)           /* BPF_PROG_TYPE_NETFILTER, past this uapi header */
#define TC (P(SCHED_CLS) | P(SCHED_ACT))
#define LWT (P(LWT_IN) | P(LWT_OUT) | P(LWT_XMIT) | P(LWT_SEG6LOCAL))
#define TRACE (P(KPROBE) | P(TRACEPOINT) | P(PERF_EVENT) | P(RAW_TRACEPOINT) | \
	       P(RAW_TRACEPOINT_WRITABLE))
/* every type measured */
#define ALL (TC | LWT | TRACE | P(SOCKET_FILTER) | P(XDP) | P(CGROUP_SKB) | P(CGROUP_SOCK) | \
	     P(SOCK_OPS) | P(SK_SKB) | P(CGROUP_DEVICE) | P(SK_MSG) | P(CGROUP_SOCK_ADDR) | \
	     P(SK_REUSEPORT) | P(FLOW_DISSECTOR) | P(CGROUP_SYSCTL) | P(CGROUP_SOCKOPT) | \
	     P(SK_LOOKUP) | P(SYSCALL) | NF)
#define SKC (ALL & ~(TRACE | P(CGROUP_SOCK) | P(CGROUP_DEVICE) | P(SK_REUSEPORT) | \
		     P(CGROUP_SYSCTL) | P(CGROUP_SOCKOPT) | NF))

/* helpers not given to every measured type; any other is given to all */
static const struct {
	int id;
	uint64_t types;
} restricted[] = {
	{ BPF_FUNC_probe_read, TRACE | P(SYSCALL) },
	{ BPF_FUNC_skb_store_bytes, TC | P(LWT_XMIT) | P(SK_SKB) },
	{ BPF_FUNC_l3_csum_replace, TC | P(LWT_XMIT) },
	{ BPF_FUNC_l4_csum_replace, TC | P(LWT_XMIT) },
	{ BPF_FUNC_clone_redirect, TC | P(LWT_XMIT) },
	{ BPF_FUNC_skb_vlan_push, TC },
	{ BPF_FUNC_skb_vlan_pop, TC },
	{ BPF_FUNC_skb_get_tunnel_key, TC | P(LWT_XMIT) },
	{ BPF_FUNC_skb_set_tunnel_key, TC | P(LWT_XMIT) },
	{ BPF_FUNC_redirect, TC | P(XDP) | P(LWT_XMIT) },
	{ BPF_FUNC_get_route_realm, TC | LWT },
	{ BPF_FUNC_perf_event_output, ALL & ~(P(SK_REUSEPORT) | P(FLOW_DISSECTOR) | NF) },
	{ BPF_FUNC_skb_load_bytes, TC | LWT | P(SOCKET_FILTER) | P(CGROUP_SKB) | P(SK_SKB) |
	  P(SK_REUSEPORT) | P(FLOW_DISSECTOR) },
	{ BPF_FUNC_get_stackid, TRACE | P(SYSCALL) },
	{ BPF_FUNC_csum_diff, TC | LWT | P(XDP) },
	{ BPF_FUNC_skb_get_tunnel_opt, TC | P(LWT_XMIT) },
	{ BPF_FUNC_skb_set_tunnel_opt, TC | P(LWT_XMIT) },
	{ BPF_FUNC_skb_change_proto, TC },
	{ BPF_FUNC_skb_change_type, TC },
	{ BPF_FUNC_skb_under_cgroup, TC | LWT },
	{ BPF_FUNC_get_hash_recalc, TC | LWT },
	/* the kernel gives it to tracing types; a locked-down host (this one) refuses
	 * it all the same, which the model cannot see */
	{ BPF_FUNC_probe_write_user, TRACE | P(SYSCALL) },
	{ BPF_FUNC_skb_change_tail, TC | P(LWT_XMIT) | P(SK_SKB) },
	{ BPF_FUNC_skb_pull_data, TC | LWT | P(SK_SKB) },
	{ BPF_FUNC_csum_update, TC | P(LWT_XMIT) },
	{ BPF_FUNC_set_hash_invalid, TC | P(LWT_XMIT) },
	{ BPF_FUNC_skb_change_head, TC | P(LWT_XMIT) | P(SK_SKB) },
	{ BPF_FUNC_xdp_adjust_head, P(XDP) },
	{ BPF_FUNC_probe_read_str, TRACE | P(SYSCALL) },
	{ BPF_FUNC_get_socket_cookie, TC | P(SOCKET_FILTER) | P(CGROUP_SKB) | P(CGROUP_SOCK) |
	  P(SOCK_OPS) | P(SK_SKB) | P(CGROUP_SOCK_ADDR) | P(SK_REUSEPORT) | P(SYSCALL) },
	{ BPF_FUNC_get_socket_uid, TC | P(SOCKET_FILTER) | P(CGROUP_SKB) | P(SK_SKB) },
	{ BPF_FUNC_set_hash, TC },
	{ BPF_FUNC_setsockopt, P(SOCK_OPS) | P(CGROUP_SOCK_ADDR) },
	{ BPF_FUNC_skb_adjust_room, TC | P(SK_SKB) },
	{ BPF_FUNC_redirect_map, P(XDP) },
	{ BPF_FUNC_sk_redirect_map, P(SK_SKB) },
	{ BPF_FUNC_sock_map_update, P(SOCK_OPS) },
	{ BPF_FUNC_xdp_adjust_meta, P(XDP) },
	{ BPF_FUNC_perf_prog_read_value, P(PERF_EVENT) },
	{ BPF_FUNC_getsockopt, P(SOCK_OPS) | P(CGROUP_SOCK_ADDR) },
	/* kprobe only, and only with CONFIG_BPF_KPROBE_OVERRIDE, which 6.18 here lacks */
	{ BPF_FUNC_override_return, 0 },
	{ BPF_FUNC_sock_ops_cb_flags_set, P(SOCK_OPS) },
	{ BPF_FUNC_msg_redirect_map, P(SK_MSG) },
	{ BPF_FUNC_msg_apply_bytes, P(SK_MSG) },
	{ BPF_FUNC_msg_cork_bytes, P(SK_MSG) },
	{ BPF_FUNC_msg_pull_data, P(SK_MSG) },
	{ BPF_FUNC_bind, P(CGROUP_SOCK_ADDR) },
	{ BPF_FUNC_xdp_adjust_tail, P(XDP) },
	{ BPF_FUNC_skb_get_xfrm_state, TC },
	{ BPF_FUNC_get_stack, TRACE | P(SYSCALL) },
	{ BPF_FUNC_skb_load_bytes_relative, TC | P(SOCKET_FILTER) | P(CGROUP_SKB) |
	  P(SK_REUSEPORT) },
	{ BPF_FUNC_fib_lookup, TC | P(XDP) },
	{ BPF_FUNC_sock_hash_update, P(SOCK_OPS) },
	{ BPF_FUNC_msg_redirect_hash, P(SK_MSG) },
	{ BPF_FUNC_sk_redirect_hash, P(SK_SKB) },
	{ BPF_FUNC_lwt_push_encap, P(LWT_IN) | P(LWT_XMIT) },
	{ BPF_FUNC_lwt_seg6_store_bytes, P(LWT_SEG6LOCAL) },
	{ BPF_FUNC_lwt_seg6_adjust_srh, P(LWT_SEG6LOCAL) },
	{ BPF_FUNC_lwt_seg6_action, P(LWT_SEG6LOCAL) },
	{ BPF_FUNC_rc_repeat, 0 },
	{ BPF_FUNC_rc_keydown, 0 },
	{ BPF_FUNC_skb_cgroup_id, TC | P(CGROUP_SKB) },
	{ BPF_FUNC_get_local_storage, P(CGROUP_SKB) | P(CGROUP_SOCK) | P(SOCK_OPS) |
	  P(CGROUP_DEVICE) | P(CGROUP_SOCK_ADDR) | P(CGROUP_SYSCTL) | P(CGROUP_SOCKOPT) },
	{ BPF_FUNC_sk_select_reuseport, P(SK_REUSEPORT) },
	{ BPF_FUNC_skb_ancestor_cgroup_id, TC | P(CGROUP_SKB) },
	{ BPF_FUNC_sk_lookup_tcp, TC | P(XDP) | P(CGROUP_SKB) | P(SK_SKB) | P(CGROUP_SOCK_ADDR) },
	{ BPF_FUNC_sk_lookup_udp, TC | P(XDP) | P(CGROUP_SKB) | P(SK_SKB) | P(CGROUP_SOCK_ADDR) },
	{ BPF_FUNC_sk_release, TC | P(XDP) | P(CGROUP_SKB) | P(SK_SKB) | P(CGROUP_SOCK_ADDR) |
	  P(SK_LOOKUP) },
	{ BPF_FUNC_msg_push_data, P(SK_MSG) },
	{ BPF_FUNC_msg_pop_data, P(SK_MSG) },
	{ BPF_FUNC_rc_pointer_rel, 0 },
	{ BPF_FUNC_sk_fullsock, TC | P(CGROUP_SKB) },
	{ BPF_FUNC_tcp_sock, TC | P(CGROUP_SKB) | P(SOCK_OPS) | P(CGROUP_SOCKOPT) },
	{ BPF_FUNC_skb_ecn_set_ce, TC | P(CGROUP_SKB) },
	{ BPF_FUNC_get_listener_sock, TC | P(CGROUP_SKB) },
	{ BPF_FUNC_skc_lookup_tcp, TC | P(XDP) | P(CGROUP_SKB) | P(SK_SKB) |
	  P(CGROUP_SOCK_ADDR) },
	{ BPF_FUNC_tcp_check_syncookie, TC | P(XDP) },
	{ BPF_FUNC_sysctl_get_name, P(CGROUP_SYSCTL) },
	{ BPF_FUNC_sysctl_get_current_value, P(CGROUP_SYSCTL) },
	{ BPF_FUNC_sysctl_get_new_value, P(CGROUP_SYSCTL) },
	{ BPF_FUNC_sysctl_set_new_value, P(CGROUP_SYSCTL) },
	{ BPF_FUNC_sk_storage_get, TC | P(CGROUP_SKB) | P(CGROUP_SOCK) | P(SOCK_OPS) |
	  P(SK_MSG) | P(CGROUP_SOCK_ADDR) | P(CGROUP_SOCKOPT) | P(SYSCALL) },
	{ BPF_FUNC_sk_storage_delete, TC | P(CGROUP_SKB) | P(SOCK_OPS) | P(SK_MSG) |
	  P(CGROUP_SOCK_ADDR) | P(CGROUP_SOCKOPT) | P(SYSCALL) },
	{ BPF_FUNC_tcp_gen_syncookie, TC | P(XDP) },
	{ BPF_FUNC_skb_output, P(SYSCALL) },
	{ BPF_FUNC_tcp_send_ack, 0 },
	{ BPF_FUNC_read_branch_records, P(PERF_EVENT) },
	{ BPF_FUNC_xdp_output, P(SYSCALL) },
	{ BPF_FUNC_get_netns_cookie, TC | P(SOCKET_FILTER) | P(CGROUP_SKB) | P(CGROUP_SOCK) |
	  P(SOCK_OPS) | P(SK_MSG) | P(CGROUP_SOCK_ADDR) | P(CGROUP_SOCKOPT) },
	{ BPF_FUNC_sk_assign, TC | P(SK_LOOKUP) },
	{ BPF_FUNC_seq_printf, 0 },
	{ BPF_FUNC_seq_write, 0 },
	{ BPF_FUNC_sk_cgroup_id, P(CGROUP_SKB) },
	{ BPF_FUNC_sk_ancestor_cgroup_id, P(CGROUP_SKB) },
	{ BPF_FUNC_csum_level, TC | P(LWT_XMIT) },
	{ BPF_FUNC_skc_to_tcp6_sock, SKC },
	{ BPF_FUNC_skc_to_tcp_sock, SKC },
	{ BPF_FUNC_skc_to_tcp_timewait_sock, SKC },
	{ BPF_FUNC_skc_to_tcp_request_sock, SKC },
	{ BPF_FUNC_skc_to_udp6_sock, SKC },
	{ BPF_FUNC_load_hdr_opt, P(SOCK_OPS) },
	{ BPF_FUNC_store_hdr_opt, P(SOCK_OPS) },
	{ BPF_FUNC_reserve_hdr_opt, P(SOCK_OPS) },
	{ BPF_FUNC_inode_storage_get, 0 },
	{ BPF_FUNC_inode_storage_delete, 0 },
	{ BPF_FUNC_d_path, P(SYSCALL) },
	{ BPF_FUNC_seq_printf_btf, 0 },
	{ BPF_FUNC_skb_cgroup_classid, TC },
	{ BPF_FUNC_redirect_neigh, TC },
	{ BPF_FUNC_redirect_peer, TC },
	{ BPF_FUNC_bprm_opts_set, 0 },
	{ BPF_FUNC_ktime_get_coarse_ns, ALL & ~(TRACE | P(CGROUP_DEVICE) | P(CGROUP_SOCKOPT) |
	  P(SYSCALL) | NF) },
	{ BPF_FUNC_ima_inode_hash, 0 },
	{ BPF_FUNC_sock_from_file, P(SYSCALL) },
	{ BPF_FUNC_check_mtu, TC | P(XDP) },
	{ BPF_FUNC_sys_bpf, P(SYSCALL) },
	{ BPF_FUNC_btf_find_by_name_kind, P(SYSCALL) },
	{ BPF_FUNC_sys_close, P(SYSCALL) },
	{ BPF_FUNC_get_func_ip, TRACE | P(SYSCALL) },
	{ BPF_FUNC_get_attach_cookie, TRACE },
	{ BPF_FUNC_skc_to_unix_sock, SKC },
	{ BPF_FUNC_kallsyms_lookup_name, P(SYSCALL) },
	{ BPF_FUNC_get_func_arg, 0 },
	{ BPF_FUNC_get_func_ret, 0 },
	{ BPF_FUNC_get_func_arg_cnt, 0 },
	{ BPF_FUNC_get_retval, P(CGROUP_SOCK) | P(CGROUP_SOCK_ADDR) | P(CGROUP_SOCKOPT) |
	  P(CGROUP_DEVICE) | P(CGROUP_SYSCTL) },
	{ BPF_FUNC_set_retval, P(CGROUP_SOCK) | P(CGROUP_SOCK_ADDR) | P(CGROUP_SOCKOPT) |
	  P(CGROUP_DEVICE) | P(CGROUP_SYSCTL) },
	{ BPF_FUNC_xdp_get_buff_len, P(XDP) | P(SYSCALL) },
	{ BPF_FUNC_xdp_load_bytes, P(XDP) },
	{ BPF_FUNC_xdp_store_bytes, P(XDP) },
	{ BPF_FUNC_skb_set_tstamp, TC },
	{ BPF_FUNC_ima_file_hash, 0 },
	{ BPF_FUNC_skc_to_mptcp_sock, SKC },
	{ BPF_FUNC_tcp_raw_gen_syncookie_ipv4, TC | P(XDP) },
	{ BPF_FUNC_tcp_raw_gen_syncookie_ipv6, TC | P(XDP) },
	{ BPF_FUNC_tcp_raw_check_syncookie_ipv4, TC | P(XDP) },
	{ BPF_FUNC_tcp_raw_check_syncookie_ipv6, TC | P(XDP) },
};

bool vm_helper_available(int id, enum bpf_prog_type type)
{
	uint64_t bit;

	if ((unsigned)type >= 64)
		return true;
	bit = 1ull << type;
	if (!(ALL & bit))
		return true;
	for (size_t i = 0; i < sizeof(restricted) / sizeof(restricted[0]); i++)
		if (restricted[i].id == id)
			return restricted[i].types & bit;
	return true;
}
