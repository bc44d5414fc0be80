// SPDX-License-Identifier: GPL-2.0
/* Call shapes: static vs global functions called in a loop, a static
 * function called from several sites, bpf_loop callbacks, a chain of
 * __noinline frames. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 64);
	__type(key, __u32);
	__type(value, __u64);
} counts SEC(".maps");

__u64 total;

static __noinline __u64 static_work(__u32 i)
{
	__u64 *v = bpf_map_lookup_elem(&counts, &i);

	if (!v)
		return 0;
	return *v + i;
}

__noinline __u64 global_work(__u32 i)
{
	__u64 *v = bpf_map_lookup_elem(&counts, &i);

	if (!v)
		return 0;
	return *v + (i & 63);
}

SEC("tp/syscalls/sys_enter_getpid")
int static_in_loop(void *ctx)
{
	__u64 sum = 0;

	for (__u32 i = 0; i < 100; i++)
		sum += static_work(i);
	total = sum;
	return 0;
}

SEC("tp/syscalls/sys_enter_getpid")
int global_in_loop(void *ctx)
{
	__u64 sum = 0;

	for (__u32 i = 0; i < 100; i++)
		sum += global_work(i);
	total = sum;
	return 0;
}

/* Nothing depending on i reaches the callee: its states prune. */
SEC("tp/syscalls/sys_enter_getpid")
int static_in_loop_const_arg(void *ctx)
{
	__u64 sum = 0;

	for (__u32 i = 0; i < 100; i++)
		sum += static_work(7);
	total = sum;
	return 0;
}

static __noinline int k_sites(__u32 key)
{
	__u64 *v = bpf_map_lookup_elem(&counts, &key);

	if (v)
		__sync_fetch_and_add(v, 1);
	return v ? 1 : 0;
}

SEC("tp/syscalls/sys_enter_getppid")
int static_k_sites(void *ctx)
{
	int n = 0;

	n += k_sites(1);
	n += k_sites(2);
	n += k_sites(3);
	n += k_sites(4);
	n += k_sites(5);
	n += k_sites(6);
	total = n;
	return 0;
}

struct loop_ctx {
	__u64 sum;
};

static int loop_cb(__u32 idx, void *data)
{
	struct loop_ctx *c = data;
	__u32 key = idx & 63;
	__u64 *v = bpf_map_lookup_elem(&counts, &key);

	if (v)
		c->sum += *v;
	return 0;
}

SEC("tp/syscalls/sys_enter_getppid")
int bpf_loop_callback(void *ctx)
{
	struct loop_ctx c = {};

	bpf_loop(1000, loop_cb, &c, 0);
	total = c.sum;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
