// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

/* The chain goes through an inlined static helper first: its buffer joins
 * the caller's frame, then a __noinline call: 160 + 112 + 256 = 528. */
__noinline int leaf(__u32 k)
{
	char buf[256];

	bpf_probe_read_kernel(buf, sizeof(buf), (void *)(long)k);
	return buf[3];
}

static int stage(__u32 k)
{
	char mid[112];

	bpf_probe_read_kernel(mid, sizeof(mid), (void *)(long)k);
	return leaf(k ^ mid[1]);
}

SEC("kprobe/vfs_read") // EXPECT: stack-budget "528 bytes"
int reader(void *ctx)
{
	char key[160];

	bpf_get_current_comm(key, sizeof(key));
	return stage(key[2]);
}
