// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

/* Only inlined static helpers: one frame, which clang itself checks
 * against 512 bytes (here 200 + 200 = 400). No BPF-to-BPF call, nothing
 * for this rule. */
static int part(__u64 p, int i)
{
	char b[200];

	bpf_probe_read_kernel(b, sizeof(b), (void *)p);
	return b[i & 127];
}

SEC("kprobe/do_sys_open")
int inlined(void *ctx)
{
	char own[200];

	bpf_probe_read_kernel(own, sizeof(own), ctx);
	return part(own[0], 1) + own[5];
}
