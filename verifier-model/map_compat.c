/* SPDX-License-Identifier: GPL-2.0-only */
/* map_compat.c: map types against helpers, both ways (check_map_func_compatibility). */
#include <stdbool.h>
#include <linux/bpf.h>
#include "verifier-model/map_compat.h"

/* may_update_sockmap: where a socket cannot be locked, so updating is safe */
static bool may_update_sockmap(const struct vm_prog *p, int id)
{
	if (id != BPF_FUNC_map_update_elem && id != BPF_FUNC_map_delete_elem)
		return false;
	switch (p->type) {
	case BPF_PROG_TYPE_TRACING:
		return p->expected_attach_type == BPF_TRACE_ITER;
	case BPF_PROG_TYPE_SOCK_OPS:
		return id == BPF_FUNC_map_delete_elem;
	case BPF_PROG_TYPE_SOCKET_FILTER: case BPF_PROG_TYPE_SCHED_CLS: case BPF_PROG_TYPE_SCHED_ACT:
	case BPF_PROG_TYPE_XDP: case BPF_PROG_TYPE_SK_REUSEPORT: case BPF_PROG_TYPE_FLOW_DISSECTOR:
	case BPF_PROG_TYPE_SK_LOOKUP:
		return true;
	default:
		return false;
	}
}

static bool is_perf_output(int id)
{
	return id == BPF_FUNC_perf_event_read || id == BPF_FUNC_perf_event_output ||
	       id == BPF_FUNC_perf_event_read_value || id == BPF_FUNC_skb_output ||
	       id == BPF_FUNC_xdp_output;
}

static bool is_ringbuf_func(int id)
{
	return id == BPF_FUNC_ringbuf_output || id == BPF_FUNC_ringbuf_reserve ||
	       id == BPF_FUNC_ringbuf_query || id == BPF_FUNC_ringbuf_reserve_dynptr ||
	       id == BPF_FUNC_ringbuf_submit_dynptr || id == BPF_FUNC_ringbuf_discard_dynptr;
}

/* The map's side: a special map takes only its own helpers. */
static bool map_takes(const struct vm_prog *p, uint32_t map_type, int id)
{
	switch (map_type) {
	case BPF_MAP_TYPE_PROG_ARRAY:
		return id == BPF_FUNC_tail_call;
	case BPF_MAP_TYPE_PERF_EVENT_ARRAY:
		return is_perf_output(id);
	case BPF_MAP_TYPE_RINGBUF:
		return is_ringbuf_func(id);
	case BPF_MAP_TYPE_USER_RINGBUF:
		return id == BPF_FUNC_user_ringbuf_drain;
	case BPF_MAP_TYPE_STACK_TRACE:
		return id == BPF_FUNC_get_stackid;
	case BPF_MAP_TYPE_CGROUP_ARRAY:
		return id == BPF_FUNC_skb_under_cgroup || id == BPF_FUNC_current_task_under_cgroup;
	case BPF_MAP_TYPE_CGROUP_STORAGE: case BPF_MAP_TYPE_PERCPU_CGROUP_STORAGE:
		return id == BPF_FUNC_get_local_storage;
	case BPF_MAP_TYPE_DEVMAP: case BPF_MAP_TYPE_DEVMAP_HASH: case BPF_MAP_TYPE_XSKMAP:
		return id == BPF_FUNC_redirect_map || id == BPF_FUNC_map_lookup_elem;
	case BPF_MAP_TYPE_CPUMAP:
		return id == BPF_FUNC_redirect_map;
	case BPF_MAP_TYPE_ARRAY_OF_MAPS: case BPF_MAP_TYPE_HASH_OF_MAPS:
		return id == BPF_FUNC_map_lookup_elem;
	case BPF_MAP_TYPE_SOCKMAP:
		return id == BPF_FUNC_sk_redirect_map || id == BPF_FUNC_sock_map_update ||
		       id == BPF_FUNC_msg_redirect_map || id == BPF_FUNC_sk_select_reuseport ||
		       id == BPF_FUNC_map_lookup_elem || may_update_sockmap(p, id);
	case BPF_MAP_TYPE_SOCKHASH:
		return id == BPF_FUNC_sk_redirect_hash || id == BPF_FUNC_sock_hash_update ||
		       id == BPF_FUNC_msg_redirect_hash || id == BPF_FUNC_sk_select_reuseport ||
		       id == BPF_FUNC_map_lookup_elem || may_update_sockmap(p, id);
	case BPF_MAP_TYPE_REUSEPORT_SOCKARRAY:
		return id == BPF_FUNC_sk_select_reuseport;
	case BPF_MAP_TYPE_QUEUE: case BPF_MAP_TYPE_STACK:
		return id == BPF_FUNC_map_peek_elem || id == BPF_FUNC_map_pop_elem ||
		       id == BPF_FUNC_map_push_elem;
	case BPF_MAP_TYPE_BLOOM_FILTER:
		return id == BPF_FUNC_map_peek_elem || id == BPF_FUNC_map_push_elem;
	case BPF_MAP_TYPE_SK_STORAGE:
		return id == BPF_FUNC_sk_storage_get || id == BPF_FUNC_sk_storage_delete ||
		       id == BPF_FUNC_kptr_xchg;
	case BPF_MAP_TYPE_INODE_STORAGE:
		return id == BPF_FUNC_inode_storage_get || id == BPF_FUNC_inode_storage_delete;
	case BPF_MAP_TYPE_TASK_STORAGE:
		return id == BPF_FUNC_task_storage_get || id == BPF_FUNC_task_storage_delete;
	case VM_MAP_CGRP_STORAGE:
		return id == VM_FUNC_ID_CGRP_STORAGE_GET || id == VM_FUNC_ID_CGRP_STORAGE_DELETE;
	default:
		return true;
	}
}

/* The helper's side: a helper made for one kind of map takes no other. */
static bool func_takes(int id, uint32_t t)
{
	if (id == BPF_FUNC_tail_call)
		return t == BPF_MAP_TYPE_PROG_ARRAY;
	if (is_perf_output(id))
		return t == BPF_MAP_TYPE_PERF_EVENT_ARRAY;
	if (is_ringbuf_func(id))
		return t == BPF_MAP_TYPE_RINGBUF;
	switch (id) {
	case BPF_FUNC_user_ringbuf_drain: return t == BPF_MAP_TYPE_USER_RINGBUF;
	case BPF_FUNC_get_stackid: return t == BPF_MAP_TYPE_STACK_TRACE;
	case BPF_FUNC_current_task_under_cgroup: case BPF_FUNC_skb_under_cgroup:
		return t == BPF_MAP_TYPE_CGROUP_ARRAY;
	case BPF_FUNC_redirect_map:
		return t == BPF_MAP_TYPE_DEVMAP || t == BPF_MAP_TYPE_DEVMAP_HASH ||
		       t == BPF_MAP_TYPE_CPUMAP || t == BPF_MAP_TYPE_XSKMAP;
	case BPF_FUNC_sk_redirect_map: case BPF_FUNC_msg_redirect_map: case BPF_FUNC_sock_map_update:
		return t == BPF_MAP_TYPE_SOCKMAP;
	case BPF_FUNC_sk_redirect_hash: case BPF_FUNC_msg_redirect_hash: case BPF_FUNC_sock_hash_update:
		return t == BPF_MAP_TYPE_SOCKHASH;
	case BPF_FUNC_get_local_storage:
		return t == BPF_MAP_TYPE_CGROUP_STORAGE || t == BPF_MAP_TYPE_PERCPU_CGROUP_STORAGE;
	case BPF_FUNC_sk_select_reuseport:
		return t == BPF_MAP_TYPE_REUSEPORT_SOCKARRAY || t == BPF_MAP_TYPE_SOCKMAP ||
		       t == BPF_MAP_TYPE_SOCKHASH;
	case BPF_FUNC_map_pop_elem:
		return t == BPF_MAP_TYPE_QUEUE || t == BPF_MAP_TYPE_STACK;
	case BPF_FUNC_map_peek_elem: case BPF_FUNC_map_push_elem:
		return t == BPF_MAP_TYPE_QUEUE || t == BPF_MAP_TYPE_STACK ||
		       t == BPF_MAP_TYPE_BLOOM_FILTER;
	case BPF_FUNC_map_lookup_percpu_elem:
		return t == BPF_MAP_TYPE_PERCPU_ARRAY || t == BPF_MAP_TYPE_PERCPU_HASH ||
		       t == BPF_MAP_TYPE_LRU_PERCPU_HASH;
	case BPF_FUNC_sk_storage_get: case BPF_FUNC_sk_storage_delete:
		return t == BPF_MAP_TYPE_SK_STORAGE;
	case BPF_FUNC_inode_storage_get: case BPF_FUNC_inode_storage_delete:
		return t == BPF_MAP_TYPE_INODE_STORAGE;
	case BPF_FUNC_task_storage_get: case BPF_FUNC_task_storage_delete:
		return t == BPF_MAP_TYPE_TASK_STORAGE;
	case VM_FUNC_ID_CGRP_STORAGE_GET: case VM_FUNC_ID_CGRP_STORAGE_DELETE:
		return t == VM_MAP_CGRP_STORAGE;
	default:
		return true;
	}
}

bool vm_map_func_ok(const struct vm_prog *p, uint32_t map_type, int id)
{
	return map_takes(p, map_type, id) && func_takes(id, map_type);
}
