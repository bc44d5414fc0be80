// SPDX-License-Identifier: GPL-2.0
/*
 * Maps this kernel may not create as they are: an outer map whose inner
 * map the loader supplies at run time (no inner definition here), and an
 * arena (refused where arenas are not allowed). libbpf creates every map
 * before it loads the one program wanted: a program that uses neither
 * loads without them (a note says so); one that uses the outer map is
 * refused for it.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_HASH_OF_MAPS);
	__uint(max_entries, 16);
	__type(key, __u32);
	__type(value, __u32);
} outer SEC(".maps");

struct {
	__uint(type, 33 /* BPF_MAP_TYPE_ARENA */);
	__uint(map_flags, 1024 /* BPF_F_MMAPABLE */);
	__uint(max_entries, 1);
} arena SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} counts SEC(".maps");

SEC("socket")
int count_only(void *ctx)
{
	__u32 k = 0;
	__u64 *v = bpf_map_lookup_elem(&counts, &k);

	if (v)
		__sync_fetch_and_add(v, 1);
	return 0;
}

SEC("socket")
int use_outer(void *ctx)
{
	__u32 k = 0;

	return bpf_map_lookup_elem(&outer, &k) != 0;
}
