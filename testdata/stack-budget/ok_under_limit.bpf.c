// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

/* Three frames through __noinline calls that stay under the limit:
 * 96 + 192 + 160 = 448 bytes. */
__noinline int leaf(__u32 k)
{
	char buf[160];

	bpf_probe_read_kernel(buf, sizeof(buf), (void *)(long)k);
	return buf[k & 127];
}

__noinline int middle(__u32 k)
{
	char tmp[192];

	bpf_probe_read_kernel(tmp, sizeof(tmp), (void *)(long)k);
	return leaf(k) + tmp[7];
}

SEC("kprobe/do_sys_open")
int entry(void *ctx)
{
	char name[96];

	bpf_get_current_comm(name, sizeof(name));
	return middle(name[0]);
}
