// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

/* Three frames through two __noinline calls: 104 + 200 + 256 bytes of
 * buffers, 576 once rounded; 6.18 says "combined stack size of 3 calls is
 * 576. Too large". */
__noinline int leaf(__u32 k)
{
	char buf[256];

	bpf_probe_read_kernel(buf, sizeof(buf), (void *)(long)k);
	return buf[k & 255];
}

__noinline int middle(__u32 k)
{
	char tmp[200];

	bpf_probe_read_kernel(tmp, sizeof(tmp), (void *)(long)k);
	return leaf(k) + tmp[7];
}

SEC("kprobe/do_sys_open") // EXPECT: stack-budget "576 bytes"
int entry(void *ctx)
{
	char name[100];

	bpf_get_current_comm(name, sizeof(name));
	return middle(name[0]);
}
