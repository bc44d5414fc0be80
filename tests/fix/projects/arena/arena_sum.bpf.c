// SPDX-License-Identifier: GPL-2.0
/* A hot loop over arena memory: bpf-fix's fixes are confirmed on it. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define __arena __attribute__((address_space(1)))
#ifndef __ulong
#define __ulong(name, val) enum { ___bpf_concat(__unique_value, __COUNTER__) = val } name
#endif

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, 33 /* BPF_MAP_TYPE_ARENA */);
	__uint(map_flags, 1024 /* BPF_F_MMAPABLE */);
	__uint(max_entries, 2);
	__ulong(map_extra, 1ull << 44);
} arena SEC(".maps");

__u64 __arena table[256];
__u64 __arena total;

SEC("syscall")
int sum_table(void *ctx)
{
	__u64 sum = 0;
	int i;

	for (i = 0; i < 256; i++)
		sum += table[i] * (i + 1);
	total = sum;
	return 0;
}
