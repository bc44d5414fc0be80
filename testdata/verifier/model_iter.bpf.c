// SPDX-License-Identifier: GPL-2.0
/* Model calibration: iterator, may_goto and callback loops with carried
 * state, nested loops, and bpf_loop with a counter in its context. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

#define N 64

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, N);
	__type(key, __u32);
	__type(value, __u64);
} vals SEC(".maps");

__u64 arr[N];
__u64 out;
int zero;

/* bpf_for with a sum carried across iterations (imprecise: widened). */
SEC("tp/syscalls/sys_enter_getpid")
int iter_sum(void *ctx)
{
	__u64 sum = 0;
	int i;

	bpf_for(i, 0, N)
		sum += arr[i];
	out = sum;
	return 0;
}

/* Nested bpf_for loops. */
SEC("tp/syscalls/sys_enter_getpid")
int iter_nested(void *ctx)
{
	__u64 sum = 0;
	int i, j;

	bpf_for(i, 0, 8) {
		bpf_for(j, 0, 8)
			sum += arr[(i * 8 + j) & (N - 1)];
	}
	out = sum;
	return 0;
}

/* bpf_for with a map lookup per iteration (a branch inside the body). */
SEC("tp/syscalls/sys_enter_getpid")
int iter_lookup(void *ctx)
{
	__u64 sum = 0;
	int i;

	bpf_for(i, 0, N) {
		__u32 k = i;
		__u64 *v = bpf_map_lookup_elem(&vals, &k);

		if (v)
			sum += *v;
	}
	out = sum;
	return 0;
}

struct cb_ctx {
	__u64 sum;
	int i;
};

/* The callback uses a counter from ctx as an index: it stays precise. */
static int idx_cb(__u32 idx, void *data)
{
	struct cb_ctx *c = data;

	if (c->i < 0 || c->i >= N)
		return 1;
	c->sum += arr[c->i];
	c->i++;
	return 0;
}

SEC("tp/syscalls/sys_enter_getpid")
int loop_ctx_index(void *ctx)
{
	struct cb_ctx c = { 0, 0 };

	bpf_loop(N, idx_cb, &c, 0);
	out = c.sum;
	return 0;
}

static int elem_cb(void *map, __u32 *key, __u64 *val, void *data)
{
	__u64 *sum = data;

	*sum += *val;
	return 0;
}

SEC("tp/syscalls/sys_enter_getpid")
int for_each_elem(void *ctx)
{
	__u64 sum = 0;

	bpf_for_each_map_elem(&vals, elem_cb, &sum, 0);
	out = sum;
	return 0;
}

/* can_loop with an unknown start and an early exit in the body. */
SEC("tp/syscalls/sys_enter_getpid")
int can_loop_break(void *ctx)
{
	__u64 sum = 0;

	for (__u64 i = zero; i < N && can_loop; i++) {
		barrier_var(i);
		if (i >= N)
			break;
		if (arr[i] == 7)
			break;
		sum += arr[i];
	}
	out = sum;
	return 0;
}

/* bpf_repeat with an index from the global zero and a bounds check. */
SEC("tp/syscalls/sys_enter_getpid")
int repeat_two_counters(void *ctx)
{
	__u64 i = zero, j = zero;

	bpf_repeat(N) {
		barrier_var(i);
		barrier_var(j);
		if (i >= N || j >= N)
			break;
		out += arr[i] + arr[j];
		i++;
		j += 2;
	}
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
