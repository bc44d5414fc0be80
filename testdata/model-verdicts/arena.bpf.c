// SPDX-License-Identifier: GPL-2.0
/*
 * BPF arenas (6.9+): memory shared with user space, addressed through
 * pointers of address space 1. clang-19 turns a cast between address
 * spaces into addr_space_cast (BPF_MOV64 with off 1); the verifier types
 * the kernel-side result PTR_TO_ARENA, allows any arithmetic on it and
 * any load or store through it (the JIT guards them), and a load gives
 * an unknown scalar. A global __arena variable lives in .addr_space.1:
 * libbpf puts it at the start of the arena and its address is an
 * ld_imm64 of the arena map's value, which the verifier types as an
 * unknown scalar. bpf_arena_alloc_pages and bpf_arena_free_pages are
 * kfuncs of sleepable programs. The model once refused the object
 * ("relocation to section .addr_space.1"). EXPECT-VERDICT and EXPECT-MSG
 * are what the verifier's source (6.12, 6.18) says; tests/model/btf_args.py
 * holds the model to them and, where arenas can be created, to the kernel.
 * This host refuses arena maps: testdata/arena/kernel-6.12.tsv holds the
 * 6.12 kernel's figures (in the VM), which model-accuracy holds the model to.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#ifndef __BPF_FEATURE_ADDR_SPACE_CAST
#error "needs clang 18+ (address space casts)"
#endif

#define __arena __attribute__((address_space(1)))
#ifndef __ulong	/* libbpf 1.3's: a 64-bit value, as an enum64 */
#define __ulong(name, val) enum { ___bpf_concat(__unique_value, __COUNTER__) = val } name
#endif
#define ARENA_PAGES 4
#define NO_NODE (-1)

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, 33 /* BPF_MAP_TYPE_ARENA */);
	__uint(map_flags, 1024 /* BPF_F_MMAPABLE */);
	__uint(max_entries, ARENA_PAGES);
	__ulong(map_extra, 1ull << 44);	/* where user space maps it */
} arena SEC(".maps");

extern void __arena *bpf_arena_alloc_pages(void *map, void __arena *addr, __u32 page_cnt,
					    int node_id, __u64 flags) __ksym;
extern void bpf_arena_free_pages(void *map, void __arena *ptr, __u32 page_cnt) __ksym;

struct node {
	struct node __arena *next;
	__u64 value;
};

/*
 * Globals in the arena: clang-19 places variables of address space 1 in
 * .addr_space.1, and libbpf lays that section out at the arena's start.
 * `misplaced` is only put in the section: the variable itself is of
 * address space 0, so clang reads it without a cast.
 */
__u64 __arena hits;
struct node __arena * __arena head;
struct node __arena *misplaced SEC(".addr_space.1");

/* EXPECT-VERDICT: accepted — a page filled and summed in a loop, then freed */
SEC("syscall")
int fill_and_sum(void *ctx)
{
	__u64 __arena *page = bpf_arena_alloc_pages(&arena, NULL, 1, NO_NODE, 0);
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
	hits += sum;
	bpf_arena_free_pages(&arena, page, 1);
	return 0;
}

/* EXPECT-VERDICT: accepted — a list built in the arena and walked */
SEC("syscall")
int push_and_walk(void *ctx)
{
	struct node __arena *n = bpf_arena_alloc_pages(&arena, NULL, 1, NO_NODE, 0);
	struct node __arena *it;
	int steps = 0;

	if (!n)
		return 1;
	n->value = hits;
	n->next = head;
	head = n;
	for (it = head; it && steps < 16; it = it->next, steps++)
		hits += it->value;
	return steps;
}

/* EXPECT-VERDICT: accepted — the arena's globals alone, no kfunc */
SEC("socket")
int count_hit(void *ctx)
{
	hits++;
	return head ? 1 : 0;
}

/* EXPECT-VERDICT: rejected — an arena address read without a cast */
/* EXPECT-MSG: invalid mem access 'scalar' */
SEC("socket")
int read_misplaced(void *ctx)
{
	return misplaced ? 1 : 0;
}
