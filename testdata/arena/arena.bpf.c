// SPDX-License-Identifier: GPL-2.0
/*
 * A BPF arena as Debian 12's libbpf 1.1 can load it (no global __arena
 * variables, map_extra within 32 bits): pages from bpf_arena_alloc_pages,
 * reached through addr_space_cast, filled and summed in loops, a list
 * walked, an atomic add, and a fetching or that x86-64's JIT has no arena
 * form of. This host refuses arena maps (EPERM); kernel-6.12.tsv holds the
 * 6.12 verifier's figures (scripts/vm/record 6.12).
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define __arena __attribute__((address_space(1)))

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, 33 /* BPF_MAP_TYPE_ARENA */);
	__uint(map_flags, 1024 /* BPF_F_MMAPABLE */);
	__uint(max_entries, 4);
	__uint(map_extra, 1u << 30);	/* the user-space address: libbpf 1.1 does not mmap it */
} arena SEC(".maps");

extern void __arena *bpf_arena_alloc_pages(void *map, void __arena *addr, __u32 page_cnt,
					    int node_id, __u64 flags) __ksym;
extern void bpf_arena_free_pages(void *map, void __arena *ptr, __u32 page_cnt) __ksym;

struct node {
	struct node __arena *next;
	__u64 value;
};

SEC("syscall")
int arena_fill_sum(void *ctx)
{
	__u64 __arena *page = bpf_arena_alloc_pages(&arena, NULL, 1, -1, 0);
	__u64 sum = 0;
	int i;

	if (!page)
		return 1;
#pragma clang loop unroll(disable)
	for (i = 0; i < 32; i++) // EXPECT: bounded-loop "32 iterations"
		page[i] = (__u64)i * i;
#pragma clang loop unroll(disable)
	for (i = 0; i < 32; i++) // EXPECT: bounded-loop "32 iterations"
		sum += page[i];
	page[0] = sum;
	bpf_arena_free_pages(&arena, page, 1);
	return 0;
}

SEC("syscall")
int arena_list_walk(void *ctx)
{
	struct node __arena *n = bpf_arena_alloc_pages(&arena, NULL, 1, -1, 0);
	struct node __arena *it;
	__u64 sum = 0;
	int steps = 0;

	if (!n)
		return 1;
	n->value = 7;
	n->next = n + 1;
	n[1].next = 0;
	for (it = n; it && steps < 16; it = it->next, steps++)
		sum += it->value;
	n->value = sum;
	__sync_fetch_and_add(&n[1].value, 1);
	return steps;
}

SEC("syscall")
int arena_fetch_or(void *ctx)
{
	__u64 __arena *p = bpf_arena_alloc_pages(&arena, NULL, 1, -1, 0);

	if (!p)
		return 1;
	return __sync_fetch_and_or(p, 2);
}
