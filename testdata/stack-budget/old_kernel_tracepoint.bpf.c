// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct event {
	__u64 ts;
	char comm[16];
	char path[232];
};

// LINT-ARGS: --target-kernel=6.6
/* The tracepoint of tracepoint_some_builds.bpf.c for a 6.6 target: no
 * private stacks before 6.13 on any build, so the 256 + 272 = 528 bytes
 * add up and the kernel refuses it (no note about private stacks). */
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
