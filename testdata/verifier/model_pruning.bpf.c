// SPDX-License-Identifier: GPL-2.0
/* Model calibration: shapes from tracee where the model explored or pruned
 * differently from 6.18 although every state was the same.
 *
 * filter_map_check: tracee's pid filter (uint_filter_range_matches) takes
 * an inner map from a map of maps and tests it against NULL again where
 * the compiler cannot prove it non-NULL. The verifier knows the inner map
 * pointer (CONST_PTR_TO_MAP) is never NULL (reg_not_null, 6.17+) and walks
 * only the non-NULL side; the NULL side here is long, so a model that
 * pushes it is far over the kernel's count. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct inner_filter {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 64);
	__type(key, __u64);
	__type(value, __u64);
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY_OF_MAPS);
	__uint(max_entries, 1);
	__type(key, __u32);
	__array(values, struct inner_filter);
} pm_filters SEC(".maps");

/* The compiler forgets what it knows of p; the verifier does not. */
#define HIDE(p) asm volatile("" : "+r"(p))

static __always_inline __u64 range_matches(void *filter_map, __u64 value)
{
	__u64 *hit, sum = 0;

	if (filter_map) {
		hit = bpf_map_lookup_elem(filter_map, &value);
		return hit ? *hit : 0;
	}
	/* never walked by 6.17+: a map pointer is not NULL */
#pragma unroll
	for (int i = 0; i < 24; i++)
		sum += bpf_get_prandom_u32() & i;
	return sum;
}

SEC("tp/syscalls/sys_enter_getpid")
int filter_map_check(void *ctx)
{
	__u32 zero = 0;
	__u64 pid = bpf_get_current_pid_tgid() >> 32, r;
	void *m;

	m = bpf_map_lookup_elem(&pm_filters, &zero);
	if (!m)
		return 0;
	HIDE(m);
	r = range_matches(m, pid);
	HIDE(m);
	r += range_matches(m, pid + 1);
	return r & 1;
}
