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

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64[32]);
} pm_out SEC(".maps");

/* Read a pointer-sized value; 0 if it lies in [lo, hi). */
static __always_inline __u64 outside(const __u64 *src, __u64 lo, __u64 hi)
{
	__u64 v = 0;

	bpf_probe_read_kernel(&v, sizeof(v), src);
	if (v >= lo && v < hi)
		v = 0;
	return v;
}

/* seq_ops_ranges: tracee's uprobe_seq_ops_trigger: a loop whose body
 * compares copies of one value (linked scalars) and spills and fills
 * them. Inside a loop the verifier adds few checkpoints, unless the
 * insn history grows past 40 entries; the kernel keeps one entry per insn
 * (a jump target, a spill or fill, or a branch on linked scalars), and a
 * checkpoint it forces early prunes the later iterations' paths. */
SEC("tp/syscalls/sys_enter_getpid")
int seq_ops_ranges(void *ctx)
{
	__u64 lo = bpf_get_prandom_u32(), hi = lo + bpf_get_prandom_u32();
	__u32 zero = 0, n = 0;
	__u64 *out = bpf_map_lookup_elem(&pm_out, &zero);
	const __u64 *src = ctx;

	if (!out)
		return 0;
	for (int i = 0; i < 6; i++) {
		__u64 a = outside(src + 4 * i, lo, hi);
		__u64 b = outside(src + 4 * i + 1, lo, hi);
		__u64 c = outside(src + 4 * i + 2, lo, hi);
		__u64 d = outside(src + 4 * i + 3, lo, hi);

		if (!a || !b)
			return 0;
		if (n < 28) {
			out[n & 31] = a;
			out[(n + 1) & 31] = b;
			out[(n + 2) & 31] = c;
			out[(n + 3) & 31] = d;
			n += 4;
		}
	}
	return 0;
}

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64[64]);
} pm_out64 SEC(".maps");

/* history_checkpoints: the same shape, seven iterations of five reads.
 * Its count moves with the length of the insn history the kernel keeps
 * (one entry per insn: a jump target, a spill or fill, a branch on scalars
 * linked with registers live there): past 40 entries a checkpoint is
 * forced inside the loop, and later paths are pruned at it. */
SEC("tp/syscalls/sys_enter_getpid")
int history_checkpoints(void *ctx)
{
	__u64 lo = bpf_get_prandom_u32(), hi = lo + bpf_get_prandom_u32();
	__u32 zero = 0, n = 0;
	__u64 *out = bpf_map_lookup_elem(&pm_out64, &zero);
	const __u64 *src = ctx;

	if (!out)
		return 0;
	for (int i = 0; i < 7; i++) {
		__u64 a = outside(src + 5 * i, lo, hi);
		__u64 b = outside(src + 5 * i + 1, lo, hi);
		__u64 c = outside(src + 5 * i + 2, lo, hi);
		__u64 d = outside(src + 5 * i + 3, lo, hi);
		__u64 e = outside(src + 5 * i + 4, lo, hi);

		if (!a || !b)
			return 0;
		if (n < 56) {
			out[n & 63] = a;
			out[(n + 1) & 63] = b;
			out[(n + 2) & 63] = c;
			out[(n + 3) & 63] = d;
			out[(n + 4) & 63] = e;
			n += 5;
		}
	}
	return 0;
}
