// SPDX-License-Identifier: GPL-2.0
/*
 * One static call chain (pair -> weight, quad -> pair -> weight) entered
 * from several call sites. The kernel keeps the checkpoints of an insn in
 * a list hashed by the insn and the innermost callsite only, and
 * is_state_visited checks only the insn before asking whether a
 * checkpoint is still being explored: one of another call chain counts
 * too. While the first walk goes down, weight's checkpoints of the first
 * call to pair are unfinished (their branches wait on the stack), so at
 * the same insns of the later calls the kernel adds no checkpoint, and
 * the later calls' checkpoints land elsewhere; a finished one of another
 * chain is a miss (states_equal compares the callsites) and may be
 * evicted. A model that skipped checkpoints of other call chains
 * checkpointed every call alike and pruned elsewhere: 260 and 338 insns
 * here against the kernel's 263 and 336, 287 against 302 on testdata's
 * static_chain.
 * EXPECT-VERDICT and EXPECT-INSNS are what 6.18.44-fc-v1272 answers
 * (measured); tests/model/btf_args.py holds the model to them and to the
 * live kernel.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 16);
	__type(key, __u32);
	__type(value, __u64);
} weights SEC(".maps");

__u64 total;

/* one lookup, three outcomes: two branches left pending in every call */
static __noinline int weight(__u32 k)
{
	__u32 key = k & 15;
	__u64 *v = bpf_map_lookup_elem(&weights, &key);

	if (!v)
		return -1;
	if (*v > 100)
		return 1;
	return 0;
}

static __noinline int pair(__u32 k)
{
	return weight(k) + weight(k + 1);
}

static __noinline int quad(__u32 k)
{
	return pair(k) + pair(k + 2);
}

/* EXPECT-VERDICT: accepted — pair's two calls of weight, from five sites */
/* EXPECT-INSNS: 263 */
SEC("tp/syscalls/sys_enter_getpid")
int pairs_from_five_sites(void *ctx)
{
	int r = 0;

	r += pair(1);
	r += pair(3);
	r += pair(5);
	r += pair(7);
	r += pair(9);
	total = r;
	return 0;
}

/* EXPECT-VERDICT: accepted — three frames deep, from three sites */
/* EXPECT-INSNS: 336 */
SEC("tp/syscalls/sys_enter_getpid")
int quads_from_three_sites(void *ctx)
{
	int r = 0;

	r += quad(1);
	r += quad(5);
	r += quad(9);
	total = r;
	return 0;
}
