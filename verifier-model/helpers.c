/* SPDX-License-Identifier: GPL-2.0-only */
/* helpers.c: the helper and kfunc tables (from the kernel's *_proto). */
#include <stdbool.h>
#include <string.h>
#include <linux/bpf.h>
#include "verifier-model/helpers.h"

#define A(...) { __VA_ARGS__ }
#define H(id, nm, r, args, fl) [id] = { nm, r, args, fl, 0, 0, NULL, 0, NULL }
#define HF(id, nm, r, args, fl, sz) [id] = { nm, r, args, fl, 0, 0, NULL, sz, NULL }
#define HB(id, nm, r, args, fl, st) [id] = { nm, r, args, fl, 0, 0, NULL, 0, st }
#define VM_FUNC_cgrp_storage_get 210
#define VM_FUNC_cgrp_storage_delete 211
#define SKC(id, nm, st) [id] = { nm, VM_RET_BTF_PTR_OR_NULL, A(VM_ARG_SOCK_COMMON), \
			  VM_FN_RET_UNTRUSTED | VM_FN_PTR_CAST, 0, 0, st, 0, NULL }

static const struct vm_func_sig helpers[] = {
	H(BPF_FUNC_map_lookup_elem, "bpf_map_lookup_elem", VM_RET_MAP_VALUE_OR_NULL,
	  A(VM_ARG_CONST_MAP, VM_ARG_MAP_KEY), 0),
	H(BPF_FUNC_map_update_elem, "bpf_map_update_elem", VM_RET_INTEGER,
	  A(VM_ARG_CONST_MAP, VM_ARG_MAP_KEY, VM_ARG_MAP_VALUE, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_map_delete_elem, "bpf_map_delete_elem", VM_RET_INTEGER,
	  A(VM_ARG_CONST_MAP, VM_ARG_MAP_KEY), 0),
	H(BPF_FUNC_map_lookup_percpu_elem, "bpf_map_lookup_percpu_elem",
	  VM_RET_MAP_VALUE_OR_NULL, A(VM_ARG_CONST_MAP, VM_ARG_MAP_KEY, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_map_push_elem, "bpf_map_push_elem", VM_RET_INTEGER,
	  A(VM_ARG_CONST_MAP, VM_ARG_MAP_VALUE, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_map_pop_elem, "bpf_map_pop_elem", VM_RET_INTEGER,
	  A(VM_ARG_CONST_MAP, VM_ARG_UNINIT_MEM), 0),
	H(BPF_FUNC_map_peek_elem, "bpf_map_peek_elem", VM_RET_INTEGER,
	  A(VM_ARG_CONST_MAP, VM_ARG_UNINIT_MEM), 0),
	H(BPF_FUNC_probe_read, "bpf_probe_read", VM_RET_INTEGER,
	  A(VM_ARG_UNINIT_MEM, VM_ARG_CONST_SIZE_OR_ZERO, VM_ARG_ANYTHING), VM_FN_NEEDS_GPL),
	H(BPF_FUNC_probe_read_str, "bpf_probe_read_str", VM_RET_INTEGER,
	  A(VM_ARG_UNINIT_MEM, VM_ARG_CONST_SIZE_OR_ZERO, VM_ARG_ANYTHING), VM_FN_NEEDS_GPL),
	H(BPF_FUNC_probe_read_user, "bpf_probe_read_user", VM_RET_INTEGER,
	  A(VM_ARG_UNINIT_MEM, VM_ARG_CONST_SIZE_OR_ZERO, VM_ARG_ANYTHING), VM_FN_NEEDS_GPL),
	H(BPF_FUNC_probe_read_kernel, "bpf_probe_read_kernel", VM_RET_INTEGER,
	  A(VM_ARG_UNINIT_MEM, VM_ARG_CONST_SIZE_OR_ZERO, VM_ARG_ANYTHING), VM_FN_NEEDS_GPL),
	H(BPF_FUNC_probe_read_user_str, "bpf_probe_read_user_str", VM_RET_INTEGER,
	  A(VM_ARG_UNINIT_MEM, VM_ARG_CONST_SIZE_OR_ZERO, VM_ARG_ANYTHING), VM_FN_NEEDS_GPL),
	H(BPF_FUNC_probe_read_kernel_str, "bpf_probe_read_kernel_str", VM_RET_INTEGER,
	  A(VM_ARG_UNINIT_MEM, VM_ARG_CONST_SIZE_OR_ZERO, VM_ARG_ANYTHING), VM_FN_NEEDS_GPL),
	H(BPF_FUNC_ktime_get_ns, "bpf_ktime_get_ns", VM_RET_INTEGER, A(0), 0),
	H(BPF_FUNC_ktime_get_boot_ns, "bpf_ktime_get_boot_ns", VM_RET_INTEGER, A(0), 0),
	H(BPF_FUNC_ktime_get_coarse_ns, "bpf_ktime_get_coarse_ns", VM_RET_INTEGER, A(0), 0),
	H(BPF_FUNC_jiffies64, "bpf_jiffies64", VM_RET_INTEGER, A(0), 0),
	/* r3-r5 of trace_printk are varargs the verifier does not check */
	H(BPF_FUNC_trace_printk, "bpf_trace_printk", VM_RET_INTEGER,
	  A(VM_ARG_MEM, VM_ARG_CONST_SIZE), VM_FN_NEEDS_GPL),
	H(BPF_FUNC_trace_vprintk, "bpf_trace_vprintk", VM_RET_INTEGER,
	  A(VM_ARG_MEM, VM_ARG_CONST_SIZE, VM_ARG_MEM_OR_NULL, VM_ARG_CONST_SIZE_OR_ZERO),
	  VM_FN_NEEDS_GPL),
	H(BPF_FUNC_perf_event_read, "bpf_perf_event_read", VM_RET_INTEGER,
	  A(VM_ARG_CONST_MAP, VM_ARG_ANYTHING), VM_FN_NEEDS_GPL),
	H(BPF_FUNC_perf_event_read_value, "bpf_perf_event_read_value", VM_RET_INTEGER,
	  A(VM_ARG_CONST_MAP, VM_ARG_ANYTHING, VM_ARG_UNINIT_MEM, VM_ARG_CONST_SIZE),
	  VM_FN_NEEDS_GPL),
	H(BPF_FUNC_get_socket_cookie, "bpf_get_socket_cookie", VM_RET_INTEGER, A(VM_ARG_CTX), 0),
	H(BPF_FUNC_get_socket_uid, "bpf_get_socket_uid", VM_RET_INTEGER, A(VM_ARG_CTX), 0),
	H(BPF_FUNC_get_cgroup_classid, "bpf_get_cgroup_classid", VM_RET_INTEGER, A(VM_ARG_CTX), 0),
	H(BPF_FUNC_get_route_realm, "bpf_get_route_realm", VM_RET_INTEGER, A(VM_ARG_CTX), 0),
	H(BPF_FUNC_clone_redirect, "bpf_clone_redirect", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING, VM_ARG_ANYTHING), VM_FN_PKT_CHANGE),
	H(BPF_FUNC_skb_vlan_push, "bpf_skb_vlan_push", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING, VM_ARG_ANYTHING), VM_FN_PKT_CHANGE),
	H(BPF_FUNC_skb_vlan_pop, "bpf_skb_vlan_pop", VM_RET_INTEGER, A(VM_ARG_CTX), VM_FN_PKT_CHANGE),
	H(BPF_FUNC_skb_change_tail, "bpf_skb_change_tail", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING, VM_ARG_ANYTHING), VM_FN_PKT_CHANGE),
	H(BPF_FUNC_skb_change_head, "bpf_skb_change_head", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING, VM_ARG_ANYTHING), VM_FN_PKT_CHANGE),
	H(BPF_FUNC_skb_adjust_room, "bpf_skb_adjust_room", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING, VM_ARG_ANYTHING, VM_ARG_ANYTHING), VM_FN_PKT_CHANGE),
	H(BPF_FUNC_fib_lookup, "bpf_fib_lookup", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_MEM, VM_ARG_CONST_SIZE, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_probe_write_user, "bpf_probe_write_user", VM_RET_INTEGER,
	  A(VM_ARG_ANYTHING, VM_ARG_MEM, VM_ARG_CONST_SIZE), VM_FN_NEEDS_GPL),
	H(BPF_FUNC_override_return, "bpf_override_return", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING), VM_FN_NEEDS_GPL),
	H(BPF_FUNC_get_ns_current_pid_tgid, "bpf_get_ns_current_pid_tgid", VM_RET_INTEGER,
	  A(VM_ARG_ANYTHING, VM_ARG_ANYTHING, VM_ARG_UNINIT_MEM, VM_ARG_CONST_SIZE), 0),
	H(BPF_FUNC_get_current_ancestor_cgroup_id, "bpf_get_current_ancestor_cgroup_id",
	  VM_RET_INTEGER, A(VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_get_func_arg, "bpf_get_func_arg", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING, VM_ARG_UNINIT_MEM), 0),
	H(BPF_FUNC_get_func_ret, "bpf_get_func_ret", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_UNINIT_MEM), 0),
	H(BPF_FUNC_get_func_arg_cnt, "bpf_get_func_arg_cnt", VM_RET_INTEGER, A(VM_ARG_CTX), 0),
	H(BPF_FUNC_send_signal_thread, "bpf_send_signal_thread", VM_RET_INTEGER,
	  A(VM_ARG_ANYTHING), 0),
	HB(BPF_FUNC_get_task_stack, "bpf_get_task_stack", VM_RET_INTEGER,
	  A(VM_ARG_BTF_PTR, VM_ARG_UNINIT_MEM, VM_ARG_CONST_SIZE_OR_ZERO, VM_ARG_ANYTHING),
	  0, "task_struct"),
	H(BPF_FUNC_get_prandom_u32, "bpf_get_prandom_u32", VM_RET_INTEGER, A(0), 0),
	H(BPF_FUNC_get_smp_processor_id, "bpf_get_smp_processor_id", VM_RET_INTEGER, A(0), 0),
	H(BPF_FUNC_get_numa_node_id, "bpf_get_numa_node_id", VM_RET_INTEGER, A(0), 0),
	H(BPF_FUNC_tail_call, "bpf_tail_call", VM_RET_VOID,
	  A(VM_ARG_CTX, VM_ARG_CONST_MAP, VM_ARG_ANYTHING), VM_FN_TAIL_CALL),
	H(BPF_FUNC_get_current_pid_tgid, "bpf_get_current_pid_tgid", VM_RET_INTEGER, A(0), 0),
	H(BPF_FUNC_get_current_uid_gid, "bpf_get_current_uid_gid", VM_RET_INTEGER, A(0), 0),
	H(BPF_FUNC_get_current_comm, "bpf_get_current_comm", VM_RET_INTEGER,
	  A(VM_ARG_UNINIT_MEM, VM_ARG_CONST_SIZE), 0),
	H(BPF_FUNC_get_current_task, "bpf_get_current_task", VM_RET_INTEGER, A(0), VM_FN_NEEDS_GPL),
	[BPF_FUNC_get_current_task_btf] = { "bpf_get_current_task_btf", VM_RET_BTF_PTR, A(0),
	  VM_FN_NEEDS_GPL, .ret_struct = "task_struct" },
	H(BPF_FUNC_current_task_under_cgroup, "bpf_current_task_under_cgroup", VM_RET_INTEGER,
	  A(VM_ARG_CONST_MAP, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_get_current_cgroup_id, "bpf_get_current_cgroup_id", VM_RET_INTEGER, A(0), 0),
	H(BPF_FUNC_get_func_ip, "bpf_get_func_ip", VM_RET_INTEGER, A(VM_ARG_CTX), 0),
	H(BPF_FUNC_get_attach_cookie, "bpf_get_attach_cookie", VM_RET_INTEGER, A(VM_ARG_CTX), 0),
	H(BPF_FUNC_send_signal, "bpf_send_signal", VM_RET_INTEGER, A(VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_perf_event_output, "bpf_perf_event_output", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_CONST_MAP, VM_ARG_ANYTHING, VM_ARG_MEM, VM_ARG_CONST_SIZE_OR_ZERO),
	  VM_FN_NEEDS_GPL),
	H(BPF_FUNC_get_stackid, "bpf_get_stackid", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_CONST_MAP, VM_ARG_ANYTHING), VM_FN_NEEDS_GPL),
	H(BPF_FUNC_get_stack, "bpf_get_stack", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_UNINIT_MEM, VM_ARG_CONST_SIZE_OR_ZERO, VM_ARG_ANYTHING),
	  VM_FN_NEEDS_GPL),
	H(BPF_FUNC_ringbuf_output, "bpf_ringbuf_output", VM_RET_INTEGER,
	  A(VM_ARG_CONST_MAP, VM_ARG_MEM, VM_ARG_CONST_SIZE_OR_ZERO, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_ringbuf_reserve, "bpf_ringbuf_reserve", VM_RET_ALLOC_MEM_OR_NULL,
	  A(VM_ARG_CONST_MAP, VM_ARG_ALLOC_SIZE, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_ringbuf_submit, "bpf_ringbuf_submit", VM_RET_VOID,
	  A(VM_ARG_ALLOC_MEM, VM_ARG_ANYTHING), VM_FN_RELEASE),
	H(BPF_FUNC_ringbuf_discard, "bpf_ringbuf_discard", VM_RET_VOID,
	  A(VM_ARG_ALLOC_MEM, VM_ARG_ANYTHING), VM_FN_RELEASE),
	H(BPF_FUNC_ringbuf_query, "bpf_ringbuf_query", VM_RET_INTEGER,
	  A(VM_ARG_CONST_MAP, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_redirect, "bpf_redirect", VM_RET_INTEGER, A(VM_ARG_ANYTHING, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_redirect_map, "bpf_redirect_map", VM_RET_INTEGER,
	  A(VM_ARG_CONST_MAP, VM_ARG_ANYTHING, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_xdp_adjust_head, "bpf_xdp_adjust_head", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING), VM_FN_PKT_CHANGE),
	H(BPF_FUNC_xdp_adjust_tail, "bpf_xdp_adjust_tail", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING), VM_FN_PKT_CHANGE),
	H(BPF_FUNC_xdp_adjust_meta, "bpf_xdp_adjust_meta", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING), VM_FN_PKT_CHANGE),
	H(BPF_FUNC_skb_load_bytes, "bpf_skb_load_bytes", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING, VM_ARG_UNINIT_MEM, VM_ARG_CONST_SIZE), 0),
	H(BPF_FUNC_skb_store_bytes, "bpf_skb_store_bytes", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING, VM_ARG_MEM, VM_ARG_CONST_SIZE, VM_ARG_ANYTHING),
	  VM_FN_PKT_CHANGE),
	H(BPF_FUNC_skb_pull_data, "bpf_skb_pull_data", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING), VM_FN_PKT_CHANGE),
	H(BPF_FUNC_get_hash_recalc, "bpf_get_hash_recalc", VM_RET_INTEGER, A(VM_ARG_CTX), 0),
	H(BPF_FUNC_csum_diff, "bpf_csum_diff", VM_RET_INTEGER,
	  A(VM_ARG_MEM_OR_NULL, VM_ARG_CONST_SIZE_OR_ZERO, VM_ARG_MEM_OR_NULL,
	    VM_ARG_CONST_SIZE_OR_ZERO, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_l3_csum_replace, "bpf_l3_csum_replace", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING, VM_ARG_ANYTHING, VM_ARG_ANYTHING, VM_ARG_ANYTHING),
	  VM_FN_PKT_CHANGE),
	H(BPF_FUNC_l4_csum_replace, "bpf_l4_csum_replace", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING, VM_ARG_ANYTHING, VM_ARG_ANYTHING, VM_ARG_ANYTHING),
	  VM_FN_PKT_CHANGE),
	H(BPF_FUNC_snprintf, "bpf_snprintf", VM_RET_INTEGER,
	  A(VM_ARG_MEM_OR_NULL, VM_ARG_CONST_SIZE_OR_ZERO, VM_ARG_CONST_STR,
	    VM_ARG_MEM_OR_NULL, VM_ARG_CONST_SIZE_OR_ZERO), 0),
	/* seq_file output, iter programs */
	HB(BPF_FUNC_seq_printf, "bpf_seq_printf", VM_RET_INTEGER,
	  A(VM_ARG_BTF_PTR, VM_ARG_MEM, VM_ARG_CONST_SIZE, VM_ARG_MEM_OR_NULL,
	    VM_ARG_CONST_SIZE_OR_ZERO), VM_FN_NEEDS_GPL, "seq_file"),
	HB(BPF_FUNC_seq_write, "bpf_seq_write", VM_RET_INTEGER,
	  A(VM_ARG_BTF_PTR, VM_ARG_MEM, VM_ARG_CONST_SIZE_OR_ZERO), VM_FN_NEEDS_GPL, "seq_file"),
	/* local storage: the owner may be NULL, so may the initial value */
	HB(BPF_FUNC_task_storage_get, "bpf_task_storage_get", VM_RET_MAP_VALUE_OR_NULL,
	  A(VM_ARG_CONST_MAP, VM_ARG_BTF_PTR_OR_NULL, VM_ARG_MAP_VALUE_OR_NULL, VM_ARG_ANYTHING),
	  0, "task_struct"),
	HB(BPF_FUNC_task_storage_delete, "bpf_task_storage_delete", VM_RET_INTEGER,
	  A(VM_ARG_CONST_MAP, VM_ARG_BTF_PTR), 0, "task_struct"),
	HB(BPF_FUNC_inode_storage_get, "bpf_inode_storage_get", VM_RET_MAP_VALUE_OR_NULL,
	  A(VM_ARG_CONST_MAP, VM_ARG_BTF_PTR_OR_NULL, VM_ARG_MAP_VALUE_OR_NULL, VM_ARG_ANYTHING),
	  0, "inode"),
	HB(BPF_FUNC_inode_storage_delete, "bpf_inode_storage_delete", VM_RET_INTEGER,
	  A(VM_ARG_CONST_MAP, VM_ARG_BTF_PTR), 0, "inode"),
	H(BPF_FUNC_sk_storage_get, "bpf_sk_storage_get", VM_RET_MAP_VALUE_OR_NULL,
	  A(VM_ARG_CONST_MAP, VM_ARG_SOCK_COMMON, VM_ARG_MAP_VALUE_OR_NULL, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_sk_storage_delete, "bpf_sk_storage_delete", VM_RET_INTEGER,
	  A(VM_ARG_CONST_MAP, VM_ARG_SOCK_COMMON), 0),
	H(BPF_FUNC_strncmp, "bpf_strncmp", VM_RET_INTEGER,
	  A(VM_ARG_MEM, VM_ARG_CONST_SIZE, VM_ARG_CONST_STR), 0),
	HB(BPF_FUNC_d_path, "bpf_d_path", VM_RET_INTEGER,
	  A(VM_ARG_BTF_PTR, VM_ARG_UNINIT_MEM, VM_ARG_CONST_SIZE_OR_ZERO), 0, "path"),
	H(BPF_FUNC_copy_from_user, "bpf_copy_from_user", VM_RET_INTEGER,
	  A(VM_ARG_UNINIT_MEM, VM_ARG_CONST_SIZE_OR_ZERO, VM_ARG_ANYTHING), VM_FN_SLEEPABLE),
	HB(BPF_FUNC_copy_from_user_task, "bpf_copy_from_user_task", VM_RET_INTEGER,
	  A(VM_ARG_UNINIT_MEM, VM_ARG_CONST_SIZE_OR_ZERO, VM_ARG_ANYTHING, VM_ARG_BTF_PTR,
	    VM_ARG_ANYTHING), VM_FN_SLEEPABLE | VM_FN_NEEDS_GPL, "task_struct"),
	H(BPF_FUNC_skb_load_bytes_relative, "bpf_skb_load_bytes_relative", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING, VM_ARG_UNINIT_MEM, VM_ARG_CONST_SIZE, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_ktime_get_tai_ns, "bpf_ktime_get_tai_ns", VM_RET_INTEGER, A(0), 0),
	/* socket casts: an untrusted typed pointer, NULL when the type differs */
	SKC(BPF_FUNC_skc_to_tcp6_sock, "bpf_skc_to_tcp6_sock", "tcp6_sock"),
	SKC(BPF_FUNC_skc_to_tcp_sock, "bpf_skc_to_tcp_sock", "tcp_sock"),
	SKC(BPF_FUNC_skc_to_tcp_timewait_sock, "bpf_skc_to_tcp_timewait_sock", "tcp_timewait_sock"),
	SKC(BPF_FUNC_skc_to_tcp_request_sock, "bpf_skc_to_tcp_request_sock", "tcp_request_sock"),
	SKC(BPF_FUNC_skc_to_udp6_sock, "bpf_skc_to_udp6_sock", "udp6_sock"),
	SKC(BPF_FUNC_skc_to_unix_sock, "bpf_skc_to_unix_sock", "unix_sock"),
	SKC(BPF_FUNC_skc_to_mptcp_sock, "bpf_skc_to_mptcp_sock", "mptcp_sock"),
	[BPF_FUNC_task_pt_regs] = { "bpf_task_pt_regs", VM_RET_BTF_PTR, A(VM_ARG_BTF_PTR),
	  VM_FN_NEEDS_GPL | VM_FN_RET_UNTRUSTED, .ret_struct = "pt_regs",
	  .arg_struct = "task_struct" },
	/* tc / skb */
	H(BPF_FUNC_skb_change_proto, "bpf_skb_change_proto", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING, VM_ARG_ANYTHING), VM_FN_PKT_CHANGE),
	H(BPF_FUNC_skb_change_type, "bpf_skb_change_type", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_skb_under_cgroup, "bpf_skb_under_cgroup", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_CONST_MAP, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_skb_get_tunnel_key, "bpf_skb_get_tunnel_key", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_UNINIT_MEM, VM_ARG_CONST_SIZE, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_skb_set_tunnel_key, "bpf_skb_set_tunnel_key", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_MEM, VM_ARG_CONST_SIZE, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_skb_get_tunnel_opt, "bpf_skb_get_tunnel_opt", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_UNINIT_MEM, VM_ARG_CONST_SIZE), 0),
	H(BPF_FUNC_skb_set_tunnel_opt, "bpf_skb_set_tunnel_opt", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_MEM, VM_ARG_CONST_SIZE), 0),
	H(BPF_FUNC_skb_get_xfrm_state, "bpf_skb_get_xfrm_state", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING, VM_ARG_UNINIT_MEM, VM_ARG_CONST_SIZE, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_set_hash, "bpf_set_hash", VM_RET_INTEGER, A(VM_ARG_CTX, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_set_hash_invalid, "bpf_set_hash_invalid", VM_RET_VOID, A(VM_ARG_CTX), 0),
	H(BPF_FUNC_csum_update, "bpf_csum_update", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_csum_level, "bpf_csum_level", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_skb_cgroup_id, "bpf_skb_cgroup_id", VM_RET_INTEGER, A(VM_ARG_CTX), 0),
	H(BPF_FUNC_skb_ancestor_cgroup_id, "bpf_skb_ancestor_cgroup_id", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_skb_cgroup_classid, "bpf_skb_cgroup_classid", VM_RET_INTEGER, A(VM_ARG_CTX), 0),
	H(BPF_FUNC_skb_ecn_set_ce, "bpf_skb_ecn_set_ce", VM_RET_INTEGER, A(VM_ARG_CTX), 0),
	H(BPF_FUNC_skb_set_tstamp, "bpf_skb_set_tstamp", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_redirect_neigh, "bpf_redirect_neigh", VM_RET_INTEGER,
	  A(VM_ARG_ANYTHING, VM_ARG_MEM_OR_NULL, VM_ARG_CONST_SIZE_OR_ZERO, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_redirect_peer, "bpf_redirect_peer", VM_RET_INTEGER,
	  A(VM_ARG_ANYTHING, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_get_netns_cookie, "bpf_get_netns_cookie", VM_RET_INTEGER,
	  A(VM_ARG_CTX_OR_NULL), 0),
	H(BPF_FUNC_lwt_push_encap, "bpf_lwt_push_encap", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING, VM_ARG_MEM, VM_ARG_CONST_SIZE), VM_FN_PKT_CHANGE),
	/* xdp */
	H(BPF_FUNC_xdp_load_bytes, "bpf_xdp_load_bytes", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING, VM_ARG_UNINIT_MEM, VM_ARG_CONST_SIZE), 0),
	H(BPF_FUNC_xdp_store_bytes, "bpf_xdp_store_bytes", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING, VM_ARG_MEM, VM_ARG_CONST_SIZE), 0),
	H(BPF_FUNC_xdp_get_buff_len, "bpf_xdp_get_buff_len", VM_RET_INTEGER, A(VM_ARG_CTX), 0),
	/* the u32 *mtu_len is read and written (ARG_PTR_TO_FIXED_SIZE_MEM | MEM_WRITE) */
	HF(BPF_FUNC_check_mtu, "bpf_check_mtu", VM_RET_INTEGER,
	   A(VM_ARG_CTX, VM_ARG_ANYTHING, VM_ARG_FIXED_UNINIT_MEM, VM_ARG_ANYTHING, VM_ARG_ANYTHING),
	   0, 4),
	/* sock_ops, sk_msg, sk_skb */
	H(BPF_FUNC_sock_ops_cb_flags_set, "bpf_sock_ops_cb_flags_set", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_sock_map_update, "bpf_sock_map_update", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_CONST_MAP, VM_ARG_MAP_KEY, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_sock_hash_update, "bpf_sock_hash_update", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_CONST_MAP, VM_ARG_MAP_KEY, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_setsockopt, "bpf_setsockopt", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING, VM_ARG_ANYTHING, VM_ARG_MEM, VM_ARG_CONST_SIZE), 0),
	H(BPF_FUNC_getsockopt, "bpf_getsockopt", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING, VM_ARG_ANYTHING, VM_ARG_UNINIT_MEM, VM_ARG_CONST_SIZE), 0),
	H(BPF_FUNC_load_hdr_opt, "bpf_load_hdr_opt", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_MEM, VM_ARG_CONST_SIZE, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_store_hdr_opt, "bpf_store_hdr_opt", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_MEM, VM_ARG_CONST_SIZE, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_reserve_hdr_opt, "bpf_reserve_hdr_opt", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_msg_redirect_map, "bpf_msg_redirect_map", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_CONST_MAP, VM_ARG_ANYTHING, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_msg_redirect_hash, "bpf_msg_redirect_hash", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_CONST_MAP, VM_ARG_MAP_KEY, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_msg_apply_bytes, "bpf_msg_apply_bytes", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_msg_cork_bytes, "bpf_msg_cork_bytes", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_msg_pull_data, "bpf_msg_pull_data", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING, VM_ARG_ANYTHING, VM_ARG_ANYTHING), VM_FN_PKT_CHANGE),
	H(BPF_FUNC_msg_push_data, "bpf_msg_push_data", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING, VM_ARG_ANYTHING, VM_ARG_ANYTHING), VM_FN_PKT_CHANGE),
	H(BPF_FUNC_msg_pop_data, "bpf_msg_pop_data", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_ANYTHING, VM_ARG_ANYTHING, VM_ARG_ANYTHING), VM_FN_PKT_CHANGE),
	H(BPF_FUNC_sk_redirect_map, "bpf_sk_redirect_map", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_CONST_MAP, VM_ARG_ANYTHING, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_sk_redirect_hash, "bpf_sk_redirect_hash", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_CONST_MAP, VM_ARG_MAP_KEY, VM_ARG_ANYTHING), 0),
	/* sk_reuseport: the key indexes a reuseport array, sockmap or sockhash */
	H(BPF_FUNC_sk_select_reuseport, "bpf_sk_select_reuseport", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_CONST_MAP, VM_ARG_MAP_KEY, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_spin_lock, "bpf_spin_lock", VM_RET_VOID, A(VM_ARG_SPIN_LOCK), 0),
	H(BPF_FUNC_spin_unlock, "bpf_spin_unlock", VM_RET_VOID, A(VM_ARG_SPIN_LOCK), 0),
	/* sockets: views of skb->sk and friends, lookups that take a reference */
	H(BPF_FUNC_sk_fullsock, "bpf_sk_fullsock", VM_RET_SOCKET_OR_NULL,
	  A(VM_ARG_SOCK_NO_BTF), VM_FN_PTR_CAST),
	H(BPF_FUNC_tcp_sock, "bpf_tcp_sock", VM_RET_TCP_SOCK_OR_NULL,
	  A(VM_ARG_SOCK_NO_BTF), VM_FN_PTR_CAST),
	H(BPF_FUNC_get_listener_sock, "bpf_get_listener_sock", VM_RET_SOCKET_OR_NULL,
	  A(VM_ARG_SOCK_NO_BTF), 0),
	H(BPF_FUNC_sk_lookup_tcp, "bpf_sk_lookup_tcp", VM_RET_SOCKET_OR_NULL,
	  A(VM_ARG_CTX, VM_ARG_MEM, VM_ARG_CONST_SIZE, VM_ARG_ANYTHING, VM_ARG_ANYTHING),
	  VM_FN_ACQUIRE),
	H(BPF_FUNC_sk_lookup_udp, "bpf_sk_lookup_udp", VM_RET_SOCKET_OR_NULL,
	  A(VM_ARG_CTX, VM_ARG_MEM, VM_ARG_CONST_SIZE, VM_ARG_ANYTHING, VM_ARG_ANYTHING),
	  VM_FN_ACQUIRE),
	H(BPF_FUNC_skc_lookup_tcp, "bpf_skc_lookup_tcp", VM_RET_SOCK_COMMON_OR_NULL,
	  A(VM_ARG_CTX, VM_ARG_MEM, VM_ARG_CONST_SIZE, VM_ARG_ANYTHING, VM_ARG_ANYTHING),
	  VM_FN_ACQUIRE),
	H(BPF_FUNC_sk_release, "bpf_sk_release", VM_RET_INTEGER, A(VM_ARG_SOCK_COMMON),
	  VM_FN_RELEASE),
	H(BPF_FUNC_sk_assign, "bpf_sk_assign", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_SOCK_COMMON_OR_NULL, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_sk_cgroup_id, "bpf_sk_cgroup_id", VM_RET_INTEGER, A(VM_ARG_SOCK_COMMON), 0),
	H(BPF_FUNC_sk_ancestor_cgroup_id, "bpf_sk_ancestor_cgroup_id", VM_RET_INTEGER,
	  A(VM_ARG_SOCK_COMMON, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_tcp_check_syncookie, "bpf_tcp_check_syncookie", VM_RET_INTEGER,
	  A(VM_ARG_SOCK_COMMON, VM_ARG_MEM, VM_ARG_CONST_SIZE, VM_ARG_MEM, VM_ARG_CONST_SIZE), 0),
	H(BPF_FUNC_tcp_gen_syncookie, "bpf_tcp_gen_syncookie", VM_RET_INTEGER,
	  A(VM_ARG_SOCK_COMMON, VM_ARG_MEM, VM_ARG_CONST_SIZE, VM_ARG_MEM, VM_ARG_CONST_SIZE), 0),
	/* raw syncookies: a fixed-size IPv4 header (and a TCP header, same size) */
	HF(BPF_FUNC_tcp_raw_gen_syncookie_ipv4, "bpf_tcp_raw_gen_syncookie_ipv4", VM_RET_INTEGER,
	   A(VM_ARG_FIXED_MEM, VM_ARG_MEM, VM_ARG_CONST_SIZE_OR_ZERO), 0, 20),
	HF(BPF_FUNC_tcp_raw_check_syncookie_ipv4, "bpf_tcp_raw_check_syncookie_ipv4", VM_RET_INTEGER,
	   A(VM_ARG_FIXED_MEM, VM_ARG_FIXED_MEM), 0, 20),
	/* cgroup programs */
	H(BPF_FUNC_sysctl_get_name, "bpf_sysctl_get_name", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_UNINIT_MEM, VM_ARG_CONST_SIZE, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_sysctl_get_current_value, "bpf_sysctl_get_current_value", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_UNINIT_MEM, VM_ARG_CONST_SIZE), 0),
	H(BPF_FUNC_sysctl_get_new_value, "bpf_sysctl_get_new_value", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_UNINIT_MEM, VM_ARG_CONST_SIZE), 0),
	H(BPF_FUNC_sysctl_set_new_value, "bpf_sysctl_set_new_value", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_MEM, VM_ARG_CONST_SIZE), 0),
	HF(BPF_FUNC_strtol, "bpf_strtol", VM_RET_INTEGER,
	   A(VM_ARG_MEM, VM_ARG_CONST_SIZE, VM_ARG_ANYTHING, VM_ARG_FIXED_UNINIT_MEM), 0, 8),
	HF(BPF_FUNC_strtoul, "bpf_strtoul", VM_RET_INTEGER,
	   A(VM_ARG_MEM, VM_ARG_CONST_SIZE, VM_ARG_ANYTHING, VM_ARG_FIXED_UNINIT_MEM), 0, 8),
	H(BPF_FUNC_get_local_storage, "bpf_get_local_storage", VM_RET_MAP_VALUE,
	  A(VM_ARG_CONST_MAP, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_get_retval, "bpf_get_retval", VM_RET_INTEGER, A(0), 0),
	H(BPF_FUNC_set_retval, "bpf_set_retval", VM_RET_INTEGER, A(VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_bind, "bpf_bind", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_MEM, VM_ARG_CONST_SIZE), 0),
	/* tracing */
	H(BPF_FUNC_perf_prog_read_value, "bpf_perf_prog_read_value", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_UNINIT_MEM, VM_ARG_CONST_SIZE), 0),
	H(BPF_FUNC_read_branch_records, "bpf_read_branch_records", VM_RET_INTEGER,
	  A(VM_ARG_CTX, VM_ARG_MEM_OR_NULL, VM_ARG_CONST_SIZE_OR_ZERO, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_get_branch_snapshot, "bpf_get_branch_snapshot", VM_RET_INTEGER,
	  A(VM_ARG_UNINIT_MEM, VM_ARG_CONST_SIZE_OR_ZERO, VM_ARG_ANYTHING), 0),
	H(BPF_FUNC_snprintf_btf, "bpf_snprintf_btf", VM_RET_INTEGER,
	  A(VM_ARG_UNINIT_MEM, VM_ARG_CONST_SIZE, VM_ARG_MEM, VM_ARG_CONST_SIZE, VM_ARG_ANYTHING), 0),
	HB(BPF_FUNC_bprm_opts_set, "bpf_bprm_opts_set", VM_RET_INTEGER,
	  A(VM_ARG_BTF_PTR, VM_ARG_ANYTHING), 0, "linux_binprm"),
	H(BPF_FUNC_sys_bpf, "bpf_sys_bpf", VM_RET_INTEGER,
	  A(VM_ARG_ANYTHING, VM_ARG_MEM, VM_ARG_CONST_SIZE), 0),
	H(BPF_FUNC_btf_find_by_name_kind, "bpf_btf_find_by_name_kind", VM_RET_INTEGER,
	  A(VM_ARG_MEM, VM_ARG_CONST_SIZE, VM_ARG_ANYTHING, VM_ARG_ANYTHING), 0),
	HF(BPF_FUNC_kallsyms_lookup_name, "bpf_kallsyms_lookup_name", VM_RET_INTEGER,
	   A(VM_ARG_MEM, VM_ARG_CONST_SIZE_OR_ZERO, VM_ARG_ANYTHING, VM_ARG_FIXED_UNINIT_MEM), 0, 8),
	/* cgroup local storage (ids past this libbpf's uapi header) */
	HB(VM_FUNC_cgrp_storage_get, "bpf_cgrp_storage_get", VM_RET_MAP_VALUE_OR_NULL,
	  A(VM_ARG_CONST_MAP, VM_ARG_BTF_PTR_OR_NULL, VM_ARG_MAP_VALUE_OR_NULL, VM_ARG_ANYTHING),
	  0, "cgroup"),
	HB(VM_FUNC_cgrp_storage_delete, "bpf_cgrp_storage_delete", VM_RET_INTEGER,
	  A(VM_ARG_CONST_MAP, VM_ARG_BTF_PTR), 0, "cgroup"),
	/* callbacks: cb(dynptr, ctx) per sample; cb(task, vma, ctx) once */
	H(BPF_FUNC_user_ringbuf_drain, "bpf_user_ringbuf_drain", VM_RET_INTEGER,
	  A(VM_ARG_CONST_MAP, VM_ARG_FUNC, VM_ARG_STACK_OR_NULL, VM_ARG_ANYTHING), VM_FN_CALLBACK),
	HB(BPF_FUNC_find_vma, "bpf_find_vma", VM_RET_INTEGER,
	   A(VM_ARG_BTF_PTR, VM_ARG_ANYTHING, VM_ARG_FUNC, VM_ARG_STACK_OR_NULL, VM_ARG_ANYTHING),
	   VM_FN_CALLBACK, "task_struct"),
	/* skb, xdp and local dynptrs only (dynptr.c checks the call) */
	H(BPF_FUNC_dynptr_data, "bpf_dynptr_data", VM_RET_INTEGER, A(VM_ARG_NONE), VM_FN_DYNPTR),
	H(BPF_FUNC_loop, "bpf_loop", VM_RET_INTEGER,
	  A(VM_ARG_SCALAR, VM_ARG_FUNC, VM_ARG_STACK_OR_NULL, VM_ARG_SCALAR),
	  VM_FN_CALLBACK | VM_FN_LOOP),
	H(BPF_FUNC_for_each_map_elem, "bpf_for_each_map_elem", VM_RET_INTEGER,
	  A(VM_ARG_CONST_MAP, VM_ARG_FUNC, VM_ARG_STACK_OR_NULL, VM_ARG_SCALAR),
	  VM_FN_CALLBACK),
};

#define K(nm, r, args, fl, sz) { nm, r, args, fl, 0, sz, NULL, 0, NULL }
#define KP(nm, r, args, fl, rs, as) { nm, r, args, (fl) | VM_FN_KF_PTR, 0, 0, rs, 0, as }
static const struct vm_func_sig kfuncs[] = {
	K("bpf_iter_num_new", VM_RET_INTEGER, A(VM_ARG_ITER_NEW, VM_ARG_SCALAR, VM_ARG_SCALAR),
	  VM_FN_ITER_NEW, 0),
	K("bpf_iter_num_next", VM_RET_ITER_NEXT, A(VM_ARG_ITER), VM_FN_ITER_NEXT, 4),
	K("bpf_dynptr_from_skb", VM_RET_INTEGER, A(VM_ARG_NONE), VM_FN_DYNPTR, 0),
	K("bpf_dynptr_from_xdp", VM_RET_INTEGER, A(VM_ARG_NONE), VM_FN_DYNPTR, 0),
	K("bpf_dynptr_slice", VM_RET_INTEGER, A(VM_ARG_NONE), VM_FN_DYNPTR, 0),
	K("bpf_dynptr_slice_rdwr", VM_RET_INTEGER, A(VM_ARG_NONE), VM_FN_DYNPTR, 0),
	K("bpf_iter_num_destroy", VM_RET_VOID, A(VM_ARG_ITER), VM_FN_ITER_DESTROY, 0),
	/* struct bpf_iter_bits: 16 bytes (fixed_size: the iterator's size) */
	{ "bpf_iter_bits_new", VM_RET_INTEGER, A(VM_ARG_ITER_NEW, VM_ARG_ANYTHING, VM_ARG_SCALAR),
	  VM_FN_ITER_NEW, 0, 0, NULL, 16, NULL },
	{ "bpf_iter_bits_next", VM_RET_ITER_NEXT, A(VM_ARG_ITER), VM_FN_ITER_NEXT, 0, 4, NULL, 16, NULL },
	{ "bpf_iter_bits_destroy", VM_RET_VOID, A(VM_ARG_ITER), VM_FN_ITER_DESTROY, 0, 0, NULL, 16,
	  NULL },
	/* tasks, cgroups, cpumasks: acquire (maybe NULL), trusted arguments, release */
	KP("bpf_task_from_pid", VM_RET_BTF_PTR_OR_NULL, A(VM_ARG_SCALAR), VM_FN_ACQUIRE,
	   "task_struct", NULL),
	KP("bpf_task_acquire", VM_RET_BTF_PTR_OR_NULL, A(VM_ARG_BTF_PTR), VM_FN_ACQUIRE,
	   "task_struct", "task_struct"),
	KP("bpf_task_release", VM_RET_VOID, A(VM_ARG_BTF_PTR), VM_FN_RELEASE, NULL, "task_struct"),
	KP("bpf_cgroup_from_id", VM_RET_BTF_PTR_OR_NULL, A(VM_ARG_SCALAR), VM_FN_ACQUIRE,
	   "cgroup", NULL),
	KP("bpf_cgroup_acquire", VM_RET_BTF_PTR_OR_NULL, A(VM_ARG_BTF_PTR), VM_FN_ACQUIRE,
	   "cgroup", "cgroup"),
	KP("bpf_cgroup_release", VM_RET_VOID, A(VM_ARG_BTF_PTR), VM_FN_RELEASE, NULL, "cgroup"),
	KP("bpf_cpumask_create", VM_RET_BTF_PTR_OR_NULL, A(0), VM_FN_ACQUIRE | VM_FN_KF_CPUMASK,
	   "bpf_cpumask", NULL),
	KP("bpf_cpumask_acquire", VM_RET_BTF_PTR, A(VM_ARG_BTF_PTR), VM_FN_ACQUIRE | VM_FN_KF_CPUMASK,
	   "bpf_cpumask", "bpf_cpumask"),
	KP("bpf_cpumask_release", VM_RET_VOID, A(VM_ARG_BTF_PTR), VM_FN_RELEASE | VM_FN_KF_CPUMASK,
	   NULL, "bpf_cpumask"),
	KP("bpf_cpumask_set_cpu", VM_RET_VOID, A(VM_ARG_SCALAR, VM_ARG_BTF_PTR), VM_FN_KF_CPUMASK,
	   NULL, "bpf_cpumask"),
	KP("bpf_cpumask_test_cpu", VM_RET_INTEGER, A(VM_ARG_SCALAR, VM_ARG_BTF_PTR), VM_FN_KF_CPUMASK,
	   NULL, "cpumask"),
	/* arenas (6.9+): the page's address is a number (address space 1, no
	 * verifier type); the address argument is __ign, not even read */
	K("bpf_arena_alloc_pages", VM_RET_INTEGER,
	  A(VM_ARG_CONST_MAP, VM_ARG_ANYTHING, VM_ARG_SCALAR, VM_ARG_SCALAR, VM_ARG_SCALAR), 0, 0),
	K("bpf_arena_free_pages", VM_RET_VOID, A(VM_ARG_CONST_MAP, VM_ARG_ANYTHING, VM_ARG_SCALAR),
	  0, 0),
	K("bpf_rcu_read_lock", VM_RET_VOID, A(0), 0, 0),
	K("bpf_rcu_read_unlock", VM_RET_VOID, A(0), 0, 0),
};

/*
 * Helpers whose proto depends on the program type (the kernel's
 * *_func_proto switch): tracing and LSM programs pass BTF pointers.
 */
static const struct {
	int id;
	bool tracing;             /* BPF_PROG_TYPE_TRACING / LSM */
	struct vm_func_sig sig;
} per_type[] = {
	{ BPF_FUNC_get_socket_cookie, true,
	  { "bpf_get_socket_cookie", VM_RET_INTEGER, A(VM_ARG_SOCK_COMMON), 0, 0, 0, NULL, 0, NULL } },
};

const struct vm_func_sig *vm_helper_sig_for(int id, enum bpf_prog_type type)
{
	bool tracing = type == BPF_PROG_TYPE_TRACING || type == BPF_PROG_TYPE_LSM;

	for (size_t i = 0; i < sizeof(per_type) / sizeof(per_type[0]); i++)
		if (per_type[i].id == id && per_type[i].tracing == tracing)
			return &per_type[i].sig;
	return vm_helper_sig(id);
}

bool vm_helper_pkt_access(int id)
{
	switch (id) {
	case BPF_FUNC_map_lookup_elem: case BPF_FUNC_map_update_elem: case BPF_FUNC_map_delete_elem:
	case BPF_FUNC_map_push_elem: case BPF_FUNC_map_pop_elem: case BPF_FUNC_map_peek_elem:
	case BPF_FUNC_map_lookup_percpu_elem: case BPF_FUNC_csum_diff:
	case BPF_FUNC_sk_lookup_tcp: case BPF_FUNC_sk_lookup_udp: case BPF_FUNC_skc_lookup_tcp:
	case BPF_FUNC_tcp_check_syncookie: case BPF_FUNC_tcp_gen_syncookie:
	case BPF_FUNC_tcp_raw_gen_syncookie_ipv4: case BPF_FUNC_tcp_raw_gen_syncookie_ipv6:
	case BPF_FUNC_tcp_raw_check_syncookie_ipv4: case BPF_FUNC_tcp_raw_check_syncookie_ipv6:
		return true;
	default:
		return false;
	}
}

const struct vm_func_sig *vm_helper_sig(int id)
{
	if (id <= 0 || (size_t)id >= sizeof(helpers) / sizeof(helpers[0]))
		return NULL;
	return helpers[id].name ? &helpers[id] : NULL;
}

const struct vm_func_sig *vm_kfunc_sig(const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < sizeof(kfuncs) / sizeof(kfuncs[0]); i++)
		if (!strcmp(kfuncs[i].name, name))
			return &kfuncs[i];
	return NULL;
}
