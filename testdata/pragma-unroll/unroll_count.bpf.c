// SPDX-License-Identifier: GPL-2.0-only
/* Partial unrolling by a factor, both spellings, indented with a tab. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

__u8 key[16];
__u32 hash;

SEC("tracepoint/syscalls/sys_enter_getpid")
int hash_key(void *ctx)
{
	__u32 h = 5381;

	#pragma unroll 8
	for (int i = 0; i < 16; i++) // EXPECT-1: pragma-unroll col=2
		h = h * 33 + key[i];
	#pragma unroll(4)
	for (int i = 0; i < 8; i++) // EXPECT-1: pragma-unroll
		h ^= h >> i;
	hash = h;
	return 0;
}
