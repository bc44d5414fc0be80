// SPDX-License-Identifier: GPL-2.0
/* Model calibration: global functions with pointer and ctx arguments,
 * static call chains with stack, static calls that branch, and
 * rejections the model must word as the kernel does. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 16);
	__type(key, __u32);
	__type(value, __u64);
} a SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 4096);
} rb2 SEC(".maps");

const volatile __u64 ro = 3;
__u64 sink;

struct pair {
	__u64 x, y;
};

/* A global function taking a pointer: it must NULL-check it. */
__noinline int g_sum(struct pair *p)
{
	if (!p)
		return 0;
	return p->x + p->y;
}

__noinline int g_idx(int n)
{
	__u32 k = n & 15;
	__u64 *v = bpf_map_lookup_elem(&a, &k);

	return v ? *v : 0;
}

SEC("tp/syscalls/sys_enter_getpid")
int global_ptr_args(void *ctx)
{
	struct pair p = { 1, 2 };
	int s = 0;

	for (int i = 0; i < 10; i++)
		s += g_sum(&p) + g_idx(i);
	sink = s;
	return 0;
}

/* An untagged void * cannot be typed: the call is refused. */
__noinline int g_void(void *p)
{
	return p != 0;
}

SEC("tp/syscalls/sys_enter_getpid")
int global_void_arg(void *ctx)
{
	return g_void(ctx);
}

static __noinline int leaf(int x)
{
	__u32 k = x & 15;
	__u64 *v = bpf_map_lookup_elem(&a, &k);

	if (!v)
		return -1;
	if (*v > 100)
		return 1;
	return 0;
}

static __noinline int mid(int x)
{
	volatile char pad[64] = {};

	pad[x & 63] = 1;
	return leaf(x) + leaf(x + 1) + pad[3];
}

SEC("tp/syscalls/sys_enter_getpid")
int static_chain(void *ctx)
{
	int r = 0;

	for (int i = 0; i < 4; i++)
		r += mid(i);
	sink = r;
	return 0;
}

SEC("tp/syscalls/sys_enter_getpid")
int ringbuf_leak(void *ctx)
{
	__u64 *e = bpf_ringbuf_reserve(&rb2, 8, 0);

	if (!e)
		return 0;
	*e = 1;
	if (bpf_get_prandom_u32() & 1)
		return 1;
	bpf_ringbuf_submit(e, 0);
	return 0;
}

SEC("tp/syscalls/sys_enter_getpid")
int rodata_write(void *ctx)
{
	*(volatile __u64 *)&ro = 4;
	return 0;
}

SEC("tp/syscalls/sys_enter_getpid")
int var_index_oob(void *ctx)
{
	__u32 k = 0;
	__u64 *v = bpf_map_lookup_elem(&a, &k);
	__u32 i = bpf_get_prandom_u32() & 3;

	if (!v)
		return 0;
	return *(v + i);
}

SEC("tp/syscalls/sys_enter_getpid")
int null_arith(void *ctx)
{
	__u32 k = bpf_get_prandom_u32();
	__u64 *v = bpf_map_lookup_elem(&a, &k);

	return *(v + 1) != 0;
}

char LICENSE[] SEC("license") = "GPL";
