// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct event {
	__u64 ts;
	char comm[16];
	char path[232];
};

/* A struct filled by a helper in the caller and a buffer in a static
 * __attribute__((noinline)) callee: 256 + 272 = 528 bytes in a tracepoint.
 * Whether 6.18 runs it on a private stack per frame depends on the build:
 * 6.18.44-fc-v1147 accepted it, 6.18.44-fc-v1272 refuses it with
 * "combined stack size of 2 calls is 528. Too large". Reported, with a
 * note that kernels giving it a private stack accept it. */
static __attribute__((noinline)) int hash_path(const char *p)
{
	char copy[272];

	bpf_probe_read_kernel_str(copy, sizeof(copy), p);
	return copy[0] ^ copy[100];
}

SEC("tracepoint/syscalls/sys_enter_openat") // EXPECT: stack-budget "528 bytes"
int on_open(void *ctx)
{
	struct event ev = {};

	ev.ts = bpf_ktime_get_ns();
	bpf_get_current_comm(ev.comm, sizeof(ev.comm));
	bpf_probe_read_kernel_str(ev.path, sizeof(ev.path), ctx);
	return hash_path(ev.path);
}
