// SPDX-License-Identifier: GPL-2.0
/*
 * An arena kfunc called by a program that names no arena map: this host's
 * 6.18 refuses the call ("calling kernel function ... is not allowed"),
 * whatever the map passed; a program with an arena map does not load here
 * at all (the map is refused, EPERM). EXPECT-VERDICT and EXPECT-MSG are
 * what 6.18.44-fc-v1272 answers (measured); tests/model/btf_args.py holds
 * the model to them and to the live kernel's message and count.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} pages_wanted SEC(".maps");

extern void *bpf_arena_alloc_pages(void *map, void *addr, __u32 page_cnt, int node_id,
				   __u64 flags) __ksym;

/* EXPECT-VERDICT: rejected — no arena map in the program */
/* EXPECT-MSG: calling kernel function bpf_arena_alloc_pages is not allowed */
SEC("raw_tp")
int alloc_without_arena(void *ctx)
{
	return bpf_arena_alloc_pages(&pages_wanted, NULL, 1, -1, 0) != NULL;
}
